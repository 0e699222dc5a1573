import { isRtlLanguage } from '@riderdesk/domain/config';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Translations = Record<string, unknown>;

/** ur_alt is our Urdu catalogue; the document language is the ISO part before the underscore. */
export const documentLanguage = (language: string): string => language.split('_')[0] ?? language;
export const directionOf = (language: string): 'rtl' | 'ltr' => (isRtlLanguage(language) ? 'rtl' : 'ltr');

export function applyDocumentLanguage(language: string, root: HTMLElement = document.documentElement): void {
  root.setAttribute('lang', documentLanguage(language));
  root.setAttribute('dir', directionOf(language));
}

export async function createI18n(options: {
  language: string;
  fallbackLanguage: string;
  resources: Record<string, Translations>;
}): Promise<I18n> {
  const instance = i18next.createInstance();
  const resources: Resource = {};
  for (const [language, translations] of Object.entries(options.resources)) {
    resources[language] = { translation: translations as Resource[string][string] };
  }
  await instance.use(initReactI18next).init({
    lng: options.language,
    fallbackLng: options.fallbackLanguage,
    // Catalogue names such as ur_alt are not BCP 47 tags; stop i18next from splitting them.
    load: 'currentOnly',
    supportedLngs: false,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(options.language);
  return instance;
}
