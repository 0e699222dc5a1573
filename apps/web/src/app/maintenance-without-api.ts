import type { PublicConfig } from '@riderdesk/domain/contracts/deployment';
import type { i18n as I18n } from 'i18next';
import { type FlagProvider, getFlags } from '../features/flags/api/get-flags.ts';
import type { MaintenanceTexts } from '../features/maintenance/components/maintenance-page.tsx';
import { readJson, STORAGE_KEYS, writeStorage } from '../shared/storage.ts';

/** What a start without the API needs: where the flags are besides the API, and the page's texts. */
interface MaintenanceSources {
  providers: FlagProvider[];
  /** The page's language and the brand's colour, so the page reads as the portal does. */
  language: string;
  primaryColor: string;
  planned: MaintenanceTexts;
  unplanned: MaintenanceTexts;
}

export interface MaintenanceWithoutApi {
  texts: MaintenanceTexts;
  language: string;
  primaryColor: string | null;
}

// The texts of a browser that never loaded the portal: English, as the application-load banner's (spec §8).
const ENGLISH: Pick<MaintenanceSources, 'planned' | 'unplanned'> = {
  planned: {
    title: 'Scheduled maintenance',
    body: 'We are improving the portal. It will be back shortly; your orders in progress are not affected.',
    retry: 'Try again',
  },
  unplanned: {
    title: "We'll be right back",
    body: 'The portal is temporarily unavailable while we fix a problem. Please try again in a few minutes.',
    retry: 'Try again',
  },
};

/** A source on another host (a flag service, a JSON on object storage) answers whether the API does or not. */
const isRemote = (provider: FlagProvider) => /^https?:\/\//i.test(provider.url);

/** Kept at every start that loaded, in the page's language, for the next start that cannot reach the API. */
export function keepMaintenanceSources(config: PublicConfig, i18n: I18n): void {
  const texts = (kind: 'planned' | 'unplanned'): MaintenanceTexts => ({
    title: i18n.t(`maintenance.${kind}.title`),
    body: i18n.t(`maintenance.${kind}.body`),
    retry: i18n.t('maintenance.retry'),
  });
  const sources: MaintenanceSources = {
    providers: config.flagProviders.filter(isRemote),
    language: i18n.language,
    primaryColor: config.brand.primaryColor,
    planned: texts('planned'),
    unplanned: texts('unplanned'),
  };
  writeStorage(STORAGE_KEYS.maintenanceSources, JSON.stringify(sources));
}

/**
 * The start failed (the API does not answer): the remote flag sources, tried in turn with their 2 s time-out,
 * still say whether the portal is in maintenance, and then the maintenance page is shown instead of the
 * application-load banner. `configured` are the sources the page names itself (the inline configuration).
 */
export async function maintenanceWithoutApi(
  configured: readonly FlagProvider[] = [],
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<MaintenanceWithoutApi | null> {
  const kept = readJson<MaintenanceSources>(STORAGE_KEYS.maintenanceSources);
  const providers = [...configured, ...(kept?.providers ?? [])].filter(isRemote);
  const unique = providers.filter((provider, index) => providers.findIndex((p) => p.url === provider.url) === index);
  if (unique.length === 0) return null;
  const { flags, source } = await getFlags(unique, { ...options, withFallbackFile: false });
  if (source === 'defaults' || !(flags.PlannedMaintenance || flags.UnplannedMaintenance)) return null;
  const kind = flags.PlannedMaintenance ? 'planned' : 'unplanned';
  return kept?.[kind]
    ? { texts: kept[kind], language: kept.language, primaryColor: kept.primaryColor }
    : { texts: ENGLISH[kind], language: 'en', primaryColor: null };
}
