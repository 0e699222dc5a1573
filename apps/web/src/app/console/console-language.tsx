import { Button, Menu, useDirection } from '@mantine/core';
import { languageName, languageTag } from '@riderdesk/domain/config';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getConsoleTranslations } from '../../features/console/shared/get-console-translations.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { applyDocumentLanguage, directionOf } from '../../shared/i18n/i18n.ts';
import { STORAGE_KEYS, writeStorage } from '../../shared/storage.ts';

/** The console's language switch: both catalogues of the language, the page mirrored for Urdu. */
export function ConsoleLanguageMenu() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const { setDirection } = useDirection();
  if (config.languages.length < 2) return null;
  const choose = async (language: string) => {
    if (!i18n.hasResourceBundle(language, 'translation')) {
      i18n.addResourceBundle(language, 'translation', await getConsoleTranslations(language));
    }
    await i18n.changeLanguage(language);
    applyDocumentLanguage(language);
    setDirection(directionOf(language));
    writeStorage(STORAGE_KEYS.language, language);
  };
  return (
    <Menu position="bottom-end" width={180} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          aria-label={t('language.choose', { language: languageName(i18n.language) })}
        >
          {languageName(i18n.language)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {config.languages.map((code) => (
          <Menu.Item
            key={code}
            lang={languageTag(code)}
            onClick={() => void choose(code)}
            rightSection={code === i18n.language ? <IconCheck size={16} /> : null}
          >
            {languageName(code)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
