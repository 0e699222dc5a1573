import { pickLanguage } from '@riderdesk/domain/config';
import { type PublicConfig, PublicConfigAnswerSchema } from '@riderdesk/domain/contracts/deployment';
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { flagsQueryOptions } from '../features/flags/hooks/use-flags.ts';
import { getTranslations } from '../features/language/api/get-translations.ts';
import { API_BASE, api } from '../shared/api/client.ts';
import { createI18n, type Translations } from '../shared/i18n/i18n.ts';
import { readStorage, STORAGE_KEYS } from '../shared/storage.ts';
import { applyPartnerHandOff } from './partner-hand-off.ts';

export interface LoadedApplication {
  config: PublicConfig;
  i18n: I18n;
  queryClient: QueryClient;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries per spec §7; a second layer would multiply the attempts.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Everything the first screen needs: the deployment, its translations and the flags. */
export async function loadApplication(): Promise<LoadedApplication> {
  const config = (await api.get(`${API_BASE}/config`, { schema: PublicConfigAnswerSchema, skipRefresh: true })).result;
  applyPartnerHandOff(config.mode);
  const storedKey = config.mode === 'GODROID' ? STORAGE_KEYS.godroidLocale : STORAGE_KEYS.language;
  const language = pickLanguage(readStorage(storedKey), config);
  const locales = [...new Set([language, config.defaultLanguage])];
  const bundles = await Promise.all(locales.map((locale) => getTranslations(locale)));
  const resources: Record<string, Translations> = {};
  locales.forEach((locale, index) => {
    resources[locale] = bundles[index] ?? {};
  });
  const i18n = await createI18n({ language, fallbackLanguage: config.defaultLanguage, resources });
  document.title = config.brand.serviceName;
  const queryClient = createQueryClient();
  await queryClient.prefetchQuery(flagsQueryOptions(config.flagProviders));
  return { config, i18n, queryClient };
}
