import { Button } from '@mantine/core';
import { languageName } from '@riderdesk/domain/config';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../shared/lazy/retry-import.ts';
import { useLanguage } from '../hooks/use-language.ts';

// spec §2: each language named in itself (Intl.DisplayNames), so a reader finds their own.
const nameOf = languageName;

// Fetched when the button is pointed at, focused or pressed (decision 099).
const LanguageMenu = lazyWithRetry(
  () => import('./language-menu.tsx'),
  (module) => module.LanguageMenu,
);

/** Offers only the languages the country supports (spec §2). */
export function LanguagePicker({ variant = 'subtle' }: { variant?: 'subtle' | 'default' }) {
  const { t } = useTranslation();
  const { language, languages, changeLanguage, isSwitching } = useLanguage();
  const [isMenuWanted, setMenuWanted] = useState(false);
  if (languages.length < 2) return null;
  const label = t('language.choose', { language: nameOf(language) });
  const buttonProps = {
    variant,
    color: 'gray',
    size: 'sm',
    loading: isSwitching,
    leftSection: <IconLanguage size={18} />,
    rightSection: <IconChevronDown size={14} />,
    'aria-label': label,
    children: nameOf(language),
  } as const;
  const button = (
    <Button
      {...buttonProps}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={LanguageMenu.preload}
      onFocus={LanguageMenu.preload}
      onClick={() => setMenuWanted(true)}
    />
  );
  if (!isMenuWanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu
        target={<Button {...buttonProps} />}
        language={language}
        languages={languages}
        nameOf={nameOf}
        onChoose={(code) => void changeLanguage(code)}
      />
    </Suspense>
  );
}
