import { Button, Menu } from '@mantine/core';
import { languageName, languageTag } from '@riderdesk/domain/config';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language.ts';

// spec §2: each language named in itself (Intl.DisplayNames), so a reader finds their own.
const nameOf = languageName;

/** Offers only the languages the country supports (spec §2). */
export function LanguagePicker({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const { t } = useTranslation();
  const { language, languages, changeLanguage, isSwitching } = useLanguage();
  if (languages.length < 2) return null;
  return (
    <Menu position="bottom-end" width={180} shadow="md">
      <Menu.Target>
        <Button
          variant={variant}
          color="gray"
          size="sm"
          loading={isSwitching}
          leftSection={<IconLanguage size={18} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={t('language.choose', { language: nameOf(language) })}
        >
          {nameOf(language)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {languages.map((code) => (
          <Menu.Item
            key={code}
            lang={languageTag(code)}
            onClick={() => void changeLanguage(code)}
            rightSection={code === language ? <IconCheck size={16} /> : null}
          >
            {nameOf(code)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
