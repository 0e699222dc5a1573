import { FLAG_PROVIDER_TIMEOUT_MS, FLAG_REFRESH_MS } from '@riderdesk/domain/constants';
import {
  FLAG_DEFAULTS,
  FLAG_NAMES,
  type FlagName,
  FlagVariationsSchema,
  mergeFlags,
} from '@riderdesk/domain/contracts/flags';
import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

export type FlagService = ReturnType<typeof flagService>;

export const isFlagName = (name: string): name is FlagName => (FLAG_NAMES as string[]).includes(name);

/** Whose flags: the deployment's country, and the vendor an action is for when there is one. */
export interface FlagSubject {
  vendorId?: string | null;
}

/** The remote flag sources (FLAG_PROVIDER_URLS) the API reads before its own values, as the browser does. */
export interface RemoteFlagSources {
  urls: readonly string[];
  fetch?: typeof fetch;
  /** Each source's time-out (spec §7: 2 s). */
  timeoutMs?: number;
  now?: () => Date;
}

/** A remote answer is used as it is for this long, then kept while it is asked again in the background. */
export const REMOTE_FLAGS_FRESH_MS = 30_000;
/** Past this age a remote answer is not used before the sources are asked again (the browser's refresh). */
export const REMOTE_FLAGS_KEPT_MS = FLAG_REFRESH_MS;

async function askSource(fetchImpl: typeof fetch, url: string, timeoutMs: number): Promise<Record<string, boolean>> {
  const response = await fetchImpl(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`flag source answered ${response.status}`);
  return FlagVariationsSchema.parse(await response.json()).variations;
}

/**
 * The first remote source that answers, in turn, each within its time-out; null when none does (or none is
 * configured). Answers are kept briefly, so enforcing a flag costs no request to the sources, and refreshed
 * in the background while they are young enough to serve; a failed round is remembered as such as long.
 */
export function remoteFlagSource(sources: RemoteFlagSources) {
  const fetchImpl = sources.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const timeoutMs = sources.timeoutMs ?? FLAG_PROVIDER_TIMEOUT_MS;
  const now = sources.now ?? (() => new Date());
  let kept: { variations: Record<string, boolean> | null; at: number } | null = null;
  let asking: Promise<Record<string, boolean> | null> | null = null;

  async function askInTurn(): Promise<Record<string, boolean> | null> {
    for (const url of sources.urls) {
      try {
        return await askSource(fetchImpl, url, timeoutMs);
      } catch {
        // The next source.
      }
    }
    return null;
  }

  function refresh(): Promise<Record<string, boolean> | null> {
    asking ??= askInTurn()
      .then((variations) => {
        kept = { variations, at: now().getTime() };
        return variations;
      })
      .finally(() => {
        asking = null;
      });
    return asking;
  }

  return {
    async read(): Promise<Record<string, boolean> | null> {
      if (sources.urls.length === 0) return null;
      const age = kept ? now().getTime() - kept.at : Number.POSITIVE_INFINITY;
      if (kept && age <= REMOTE_FLAGS_FRESH_MS) return kept.variations;
      if (kept && age <= REMOTE_FLAGS_KEPT_MS) {
        void refresh();
        return kept.variations;
      }
      return refresh();
    },
  };
}

export function flagService(db: Db, countryCode: string, remote: RemoteFlagSources = { urls: [] }) {
  const remoteSource = remoteFlagSource(remote);
  return {
    /**
     * The flags as they hold for a subject (spec §6: per country and per vendor), from the providers in the
     * order the browser asks them (spec §7, decision 136): the remote sources' answer, else the API's own
     * values (the deployment-wide ones, then the country's), else the built-in fallback; then the parent
     * vendor's and the vendor's own values over them.
     */
    async variations(subject: FlagSubject = {}): Promise<Record<string, boolean>> {
      const [fromRemote, overrides, deployment] = await Promise.all([
        remoteSource.read(),
        repo.findOverrides(db, countryCode, subject.vendorId ?? null),
        remote.urls.length === 0 ? repo.findFlags(db) : null,
      ]);
      const variations: Record<string, boolean> = fromRemote ? mergeFlags(fromRemote) : { ...FLAG_DEFAULTS };
      // The remote answer stands for the deployment's and the country's values; the vendors' own still apply.
      const own = fromRemote
        ? overrides.filter((row) => row.rank > 0)
        : [...(deployment ?? (await repo.findFlags(db))), ...overrides];
      for (const row of own) if (isFlagName(row.name)) variations[row.name] = row.value;
      return variations;
    },

    async isOn(name: FlagName, subject: FlagSubject = {}): Promise<boolean> {
      return (await this.variations(subject))[name] === true;
    },

    /** The deployment-wide value. */
    set(name: FlagName, value: boolean): Promise<void> {
      return repo.setFlag(db, name, value);
    },

    /**
     * A country's or a vendor's value; null removes it, so the wider value holds again. `tx`: the transaction of
     * the console change it is part of.
     */
    setFor(name: FlagName, scope: repo.FlagScope, value: boolean | null, tx: Db = db): Promise<void> {
      return repo.setOverride(tx, name, scope, value);
    },

    /** A vendor's own values, not its parent's nor the wider ones. */
    async ownOf(vendorId: string, tx: Db = db): Promise<Record<string, boolean>> {
      const rows = await repo.findOverrides(tx, countryCode, vendorId);
      return Object.fromEntries(rows.filter((row) => row.rank === 2).map((row) => [row.name, row.value]));
    },
  };
}
