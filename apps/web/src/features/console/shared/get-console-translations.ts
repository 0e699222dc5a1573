import { z } from 'zod';
import type { Translations } from '../../../shared/i18n/i18n.ts';
import { consoleApi } from './console-api.ts';

const TranslationsSchema = z.record(z.string(), z.unknown());

/**
 * The texts the console shows in a language: the merchants' catalogue (buttons, password rules, language names
 * it shares with the portal) and the console's own (decision 171), which merchants never download.
 */
export async function getConsoleTranslations(locale: string): Promise<Translations> {
  const file = encodeURIComponent(locale);
  const [shared, own] = await Promise.all([
    consoleApi.get(`/translations/${file}.json`, { schema: TranslationsSchema }),
    consoleApi.get(`/translations/console/${file}.json`, { schema: TranslationsSchema }),
  ]);
  return { ...shared, ...own };
}
