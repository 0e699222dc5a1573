import { pickLanguage } from '@riderdesk/domain/config';
import { INLINE_CONFIG_ID, type PublicConfig, PublicConfigAnswerSchema } from '@riderdesk/domain/contracts/deployment';
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { flagsQueryOptions } from '../features/flags/hooks/use-flags.ts';
import { getTranslations } from '../features/language/api/get-translations.ts';
import { API_BASE, api } from '../shared/api/client.ts';
import { createI18n, type Translations } from '../shared/i18n/i18n.ts';
import { readStorage, STORAGE_KEYS } from '../shared/storage.ts';
import { nextTask } from '../shared/tasks/next-task.ts';
import { keepMaintenanceSources } from './maintenance-without-api.ts';
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

/**
 * The deployment: given in the page by the server that serves the build, so the first screen does not wait
 * a round trip for it; asked for when the page has none (the development server) or it does not parse.
 */
async function loadConfig(): Promise<PublicConfig> {
  return (
    readInlineConfig() ??
    (await api.get(`${API_BASE}/config`, { schema: PublicConfigAnswerSchema, skipRefresh: true })).result
  );
}

/** The deployment the page was served with, if any. */
export function readInlineConfig(): PublicConfig | null {
  const inline = document.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!inline) return null;
  try {
    const parsed = PublicConfigAnswerSchema.safeParse(JSON.parse(inline));
    return parsed.success ? parsed.data.result : null;
  } catch {
    // Not JSON: ask the API instead.
    return null;
  }
}

/**
 * Everything the first screen needs: the deployment, its translations and the flags. `onConfig` runs as soon
 * as the deployment is known and the rest has been asked for, in a task of its own, while the rest loads (the
 * page's code chunk starts downloading then).
 */
export async function loadApplication({
  onConfig,
}: {
  onConfig?: (config: PublicConfig, queryClient: QueryClient) => void;
} = {}): Promise<LoadedApplication> {
  const config = await loadConfig();
  applyPartnerHandOff(config.mode);
  const storedKey = config.mode === 'GODROID' ? STORAGE_KEYS.godroidLocale : STORAGE_KEYS.language;
  const language = pickLanguage(readStorage(storedKey), config);
  const locales = [...new Set([language, config.defaultLanguage])];
  const queryClient = createQueryClient();
  // The flags and the translations are independent: both are asked for at once.
  const flagsLoaded = queryClient.prefetchQuery(flagsQueryOptions(config.flagProviders));
  const bundlesLoaded = Promise.all(locales.map((locale) => getTranslations(locale)));
  if (onConfig) {
    // Handled below; settled here so a failure that arrives during the next task is not reported as unhandled.
    bundlesLoaded.catch(() => undefined);
    // The page's code is asked for in a task of its own: each chunk it names is a link added to the page.
    await nextTask();
    onConfig(config, queryClient);
  }
  const bundles = await bundlesLoaded;
  const resources: Record<string, Translations> = {};
  locales.forEach((locale, index) => {
    resources[locale] = bundles[index] ?? {};
  });
  const i18n = await createI18n({ language, fallbackLanguage: config.defaultLanguage, resources });
  document.title = config.brand.serviceName;
  keepMaintenanceSources(config, i18n);
  await flagsLoaded;
  return { config, i18n, queryClient };
}
