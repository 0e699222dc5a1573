import { useDirection } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { applyDocumentLanguage, directionOf } from '../../../shared/i18n/i18n.ts';
import { STORAGE_KEYS, writeStorage } from '../../../shared/storage.ts';
import { getTranslations } from '../api/get-translations.ts';

/** The current language, the country's offered list, and a switch that also mirrors the layout. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const config = useConfig();
  const { setDirection } = useDirection();
  const [isSwitching, setSwitching] = useState(false);

  const changeLanguage = useCallback(
    async (language: string) => {
      if (!config.languages.includes(language)) return;
      setSwitching(true);
      try {
        if (!i18n.hasResourceBundle(language, 'translation')) {
          i18n.addResourceBundle(language, 'translation', await getTranslations(language));
        }
        await i18n.changeLanguage(language);
        applyDocumentLanguage(language);
        setDirection(directionOf(language));
        // GODROID keeps its language in its own key (spec §4).
        const key = config.mode === 'GODROID' ? STORAGE_KEYS.godroidLocale : STORAGE_KEYS.language;
        writeStorage(key, language);
      } finally {
        setSwitching(false);
      }
    },
    [config.languages, config.mode, i18n, setDirection],
  );

  return { language: i18n.language, languages: config.languages, changeLanguage, isSwitching };
}
