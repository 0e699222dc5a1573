import { FLAG_DEFAULTS } from '@riderdesk/domain/contracts/flags';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_FLAGS_URL, getFlags } from './get-flags.ts';

const variations = (values: Record<string, boolean>) =>
  new Response(JSON.stringify({ variations: values }), { headers: { 'Content-Type': 'application/json' } });

/** A provider that never answers, except by honouring the abort signal like a real fetch. */
const hanging = (_url: string, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });

const providers = [
  { name: 'ASIA_FWF', url: 'https://asia.flags/variations' },
  { name: 'EU_FWF', url: 'https://eu.flags/variations' },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('getFlags (spec §7: providers in turn, 2 s time-out, then the fallback file)', () => {
  it('uses the first provider that answers', async () => {
    const fetch = vi.fn(async (url: string) => variations({ BulkOrderUpload: !url.includes('asia') }));
    const result = await getFlags(providers, { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(result.source).toBe('ASIA_FWF');
    expect(result.flags.BulkOrderUpload).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('moves on after a provider times out at 2 s, and after one that fails', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (url.includes('asia')) return hanging(url, init);
      if (url.includes('eu')) return Promise.resolve(new Response('boom', { status: 500 }));
      return Promise.resolve(variations({ PlannedMaintenance: true }));
    });
    const pending = getFlags(providers, { fetch: fetch as unknown as typeof globalThis.fetch });
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([...providers.map((p) => p.url), FALLBACK_FLAGS_URL]);
    expect(result.source).toBe('fallback-file');
    expect(result.flags.PlannedMaintenance).toBe(true);
  });

  it('ends with the built-in defaults when nothing answers', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const result = await getFlags(providers, { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(result).toEqual({ flags: FLAG_DEFAULTS, source: 'defaults' });
  });

  it('ignores an answer that is not a variations document', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === FALLBACK_FLAGS_URL ? variations({ Helpcenter: false }) : new Response('{"oops":1}'),
    );
    const result = await getFlags(providers, { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(result.source).toBe('fallback-file');
    expect(result.flags.Helpcenter).toBe(false);
  });
});
