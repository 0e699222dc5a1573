import { Menu } from '@mantine/core';
import { languageTag } from '@riderdesk/domain/config';
import { IconCheck } from '@tabler/icons-react';
import { cloneElement, type ReactElement, type Ref, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The list behind the language button. Its own chunk: Mantine's menu brings floating-ui and the popover's
 * focus and scroll handling, which the login page's first screen does not need (decision 099).
 */
export function LanguageMenu({
  target,
  language,
  languages,
  nameOf,
  onChoose,
}: {
  /** The button, rendered as the menu's target (the same element the picker shows before the menu loads). */
  target: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
  language: string;
  languages: readonly string[];
  nameOf: (code: string) => string;
  onChoose: (code: string) => void;
}) {
  const { t } = useTranslation();
  const targetRef = useRef<HTMLButtonElement>(null);
  return (
    // Opened on mount: the menu's code is asked for by the button's first press. The button that was
    // pressed is replaced by this one, so focus comes back to it by hand when the menu closes.
    <Menu
      position="bottom-end"
      width={180}
      shadow="md"
      defaultOpened
      returnFocus={false}
      onClose={() => targetRef.current?.focus()}
    >
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {languages.map((code) => (
          <Menu.Item
            key={code}
            lang={languageTag(code)}
            onClick={() => onChoose(code)}
            rightSection={code === language ? <IconCheck size={16} /> : null}
          >
            {nameOf(code)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
