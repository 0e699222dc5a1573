import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import type { Translations } from '../../../shared/i18n/i18n.ts';

const TranslationsSchema = z.record(z.string(), z.unknown());

/** spec §7: GET {translations host}/{locale}.json; served by the API at /translations. */
export function getTranslations(locale: string): Promise<Translations> {
  return api.get(`/translations/${encodeURIComponent(locale)}.json`, { schema: TranslationsSchema });
}
