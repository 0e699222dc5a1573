import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api.ts';
import {
  fetchManifest,
  isBuildOutdated,
  loadedEntryScripts,
  manifestEntryScripts,
  startBuildCheck,
} from './outdated-build.ts';

/** A Vite manifest as `vite build` writes it: the entry, a page chunk and a shared chunk. */
const manifest = (entryFile: string) => ({
  'index.html': { file: entryFile, name: 'index', src: 'index.html', isEntry: true, imports: ['_client-1.js'] },
  'src/app/pages/landing-route.tsx': { file: 'assets/landing-route-9f8e.js', isDynamicEntry: true },
  '_client-1.js': { file: 'assets/client-1.js' },
});

describe('manifestEntryScripts', () => {
  it('names the entry scripts as absolute paths, ignoring page and shared chunks', () => {
    expect(manifestEntryScripts(manifest('assets/index-abc.js'))).toEqual(['/assets/index-abc.js']);
  });

  it('returns null for anything that is not a manifest with an entry', () => {
    expect(manifestEntryScripts('<!doctype html>')).toBeNull();
    expect(manifestEntryScripts({ 'index.html': { src: 'index.html' } })).toBeNull();
    expect(manifestEntryScripts({ '_client-1.js': { file: 'assets/client-1.js' } })).toBeNull();
  });
});

describe('loadedEntryScripts', () => {
  it('reads the module scripts of the page as paths', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML = `
      <script type="module" crossorigin src="http://portal.example/assets/index-abc.js"></script>
      <link rel="modulepreload" href="/assets/client-1.js">
      <script>window.inline = true</script>`;
    expect(loadedEntryScripts(doc)).toEqual(['/assets/index-abc.js']);
  });
});

describe('fetchManifest', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the manifest past every cache, with a timestamp and no-store', async () => {
    let cacheMode: RequestCache | null = null;
    const { requests } = mockApi(
      http.get('/.vite/manifest.json', ({ request }) => {
        cacheMode = request.cache;
        return HttpResponse.json(manifest('assets/index-abc.js'));
      }),
    );
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    await expect(fetchManifest()).resolves.toEqual(manifest('assets/index-abc.js'));
    expect(requests.map((request) => `${request.url.pathname}${request.url.search}`)).toEqual([
      '/.vite/manifest.json?t=1700000000000',
    ]);
    expect(cacheMode).toBe('no-store');
  });

  it('fails on an error answer, so the check waits for the next interval', async () => {
    mockApi(http.get('/.vite/manifest.json', () => HttpResponse.json({}, { status: 404 })));
    await expect(fetchManifest()).rejects.toThrow('404');
  });
});

describe('isBuildOutdated', () => {
  it.each([
    { loaded: ['/assets/index-abc.js'], deployed: ['/assets/index-abc.js'], outdated: false },
    { loaded: ['/assets/index-abc.js'], deployed: ['/assets/index-def.js'], outdated: true },
    { loaded: ['/assets/index-abc.js'], deployed: ['/assets/index-abc.js', '/assets/admin-1.js'], outdated: true },
    { loaded: ['/assets/a.js', '/assets/b.js'], deployed: ['/assets/b.js', '/assets/a.js'], outdated: false },
    // The dev server's page has no built scripts to compare.
    { loaded: [], deployed: ['/assets/index-abc.js'], outdated: false },
  ])('$loaded against $deployed: outdated $outdated', ({ loaded, deployed, outdated }) => {
    expect(isBuildOutdated(loaded, deployed)).toBe(outdated);
  });
});

describe('startBuildCheck (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function check(deployedEntries: string[]) {
    const answers = deployedEntries.map((file) => manifest(file));
    const fetchManifest = vi.fn(async () => {
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return answer;
    });
    const onOutdated = vi.fn();
    const reload = vi.fn();
    const stop = startBuildCheck({ loadedScripts: ['/assets/index-abc.js'], fetchManifest, onOutdated, reload });
    return { fetchManifest, onOutdated, reload, stop };
  }

  it('asks for the manifest every 300000 ms and stays quiet while the build is current', async () => {
    const { fetchManifest, onOutdated } = check(['assets/index-abc.js', 'assets/index-abc.js']);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(fetchManifest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchManifest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(fetchManifest).toHaveBeenCalledTimes(2);
    expect(onOutdated).not.toHaveBeenCalled();
  });

  it('warns when a new build is deployed, reloads 3 s later and stops checking', async () => {
    const { fetchManifest, onOutdated, reload } = check(['assets/index-abc.js', 'assets/index-new.js']);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(fetchManifest).toHaveBeenCalledTimes(2);
    expect(onOutdated).toHaveBeenCalledTimes(1);
  });

  it('keeps checking after a failed fetch (offline or mid-deploy)', async () => {
    const { fetchManifest, onOutdated } = check([]);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(fetchManifest).toHaveBeenCalledTimes(3);
    expect(onOutdated).not.toHaveBeenCalled();
  });

  it('does nothing more once stopped, not even a pending reload', async () => {
    const { fetchManifest, onOutdated, reload, stop } = check(['assets/index-new.js']);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(onOutdated).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(reload).not.toHaveBeenCalled();
    expect(fetchManifest).toHaveBeenCalledTimes(1);
  });
});
