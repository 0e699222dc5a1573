import { FLAG_PROVIDER_TIMEOUT_MS } from '@riderdesk/domain/constants';
import { type Flags, FlagVariationsSchema, mergeFlags } from '@riderdesk/domain/contracts/flags';
import { API_BASE, api } from '../../../shared/api/client.ts';

export interface FlagProvider {
  name: string;
  url: string;
}

export interface FlagsResult {
  flags: Flags;
  /** Which provider answered: a provider name, 'fallback-file' or 'defaults'. */
  source: string;
}

export const FALLBACK_FLAGS_URL = '/fwfFallback.json';

async function fetchVariations(fetchImpl: typeof fetch, url: string, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Flag provider answered ${response.status}`);
    return FlagVariationsSchema.parse(await response.json()).variations;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * spec §7: providers are tried in turn, each with a 2 s time-out; a time-out or an error falls
 * through to the next, then to /fwfFallback.json, then to the built-in defaults (spec §8).
 */
export async function getFlags(
  providers: readonly FlagProvider[],
  options: { fetch?: typeof fetch; timeoutMs?: number; withFallbackFile?: boolean } = {},
): Promise<FlagsResult> {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const timeoutMs = options.timeoutMs ?? FLAG_PROVIDER_TIMEOUT_MS;
  // The fallback file is the API's: a start without the API leaves it out.
  const sources: FlagProvider[] =
    options.withFallbackFile === false
      ? [...providers]
      : [...providers, { name: 'fallback-file', url: FALLBACK_FLAGS_URL }];
  for (const provider of sources) {
    try {
      return { flags: mergeFlags(await fetchVariations(fetchImpl, provider.url, timeoutMs)), source: provider.name };
    } catch {
      // Next provider.
    }
  }
  return { flags: mergeFlags(undefined), source: 'defaults' };
}

/**
 * The flags as they hold for one vendor (spec §6: per country and per vendor), as the API evaluates and
 * enforces them; asked with the caller's session, since a vendor's flags are its merchants' to read.
 */
export async function getVendorFlags(vendorId: string): Promise<Flags> {
  const answer = await api.get(`${API_BASE}/flags?vendor_id=${encodeURIComponent(vendorId)}`, {
    schema: FlagVariationsSchema,
    retries: 0,
  });
  return mergeFlags(answer.variations);
}
