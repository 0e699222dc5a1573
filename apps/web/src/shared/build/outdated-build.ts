import { BUILD_CHECK_MS, BUILD_RELOAD_DELAY_MS } from '@riderdesk/domain/constants';
import { z } from 'zod';

/** Written by `vite build` (build.manifest); the API serves dist/ as it is, without caching this file. */
export const MANIFEST_PATH = '/.vite/manifest.json';

const ViteManifestSchema = z.record(z.string(), z.object({ file: z.string(), isEntry: z.boolean().optional() }));

/** The entry scripts a build's manifest names, as paths ('/assets/index-abc123.js'); null if it is no manifest. */
export function manifestEntryScripts(manifest: unknown, base = '/'): string[] | null {
  const parsed = ViteManifestSchema.safeParse(manifest);
  if (!parsed.success) return null;
  const entries = Object.values(parsed.data)
    .filter((chunk) => chunk.isEntry)
    .map((chunk) => `${base}${chunk.file}`);
  return entries.length > 0 ? entries.sort() : null;
}

/** The module scripts index.html loaded this page with, as paths. */
export function loadedEntryScripts(doc: Document): string[] {
  return [...doc.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')]
    .map((script) => new URL(script.src, doc.baseURI).pathname)
    .sort();
}

/** spec §4: the page is outdated when its scripts are not the ones the deployed build names. */
export function isBuildOutdated(loaded: readonly string[], deployed: readonly string[]): boolean {
  if (loaded.length === 0) return false;
  const deployedSet = new Set(deployed);
  return loaded.length !== deployedSet.size || loaded.some((script) => !deployedSet.has(script));
}

/** Reads the deployed manifest past every cache: a fresh query string, and no-store. */
export async function fetchManifest(): Promise<unknown> {
  // Not the API client: this is a static file, without authorisation or the spec §7 retries; a
  // failed check simply waits for the next one.
  const response = await fetch(`${MANIFEST_PATH}?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The build manifest answered ${response.status}`);
  return response.json();
}

export interface BuildCheckOptions {
  loadedScripts: readonly string[];
  fetchManifest: () => Promise<unknown>;
  /** Shows the spec §8 warning. */
  onOutdated: () => void;
  reload: () => void;
  intervalMs?: number;
  reloadDelayMs?: number;
}

/**
 * spec §4 and §9: every 300000 ms compare the loaded scripts with the deployed manifest; when they
 * differ, warn and reload after 3 s. Returns a function that stops the check.
 */
export function startBuildCheck({
  loadedScripts,
  fetchManifest,
  onOutdated,
  reload,
  intervalMs = BUILD_CHECK_MS,
  reloadDelayMs = BUILD_RELOAD_DELAY_MS,
}: BuildCheckOptions): () => void {
  let isStopped = false;
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    isStopped = true;
    clearInterval(interval);
    clearTimeout(reloadTimer);
  };
  const check = async () => {
    let deployed: string[] | null;
    try {
      deployed = manifestEntryScripts(await fetchManifest());
    } catch {
      // Offline, or the server is being replaced: ask again at the next interval.
      return;
    }
    if (isStopped || !deployed || !isBuildOutdated(loadedScripts, deployed)) return;
    clearInterval(interval);
    onOutdated();
    reloadTimer = setTimeout(reload, reloadDelayMs);
  };
  const interval = setInterval(() => void check(), intervalMs);
  return stop;
}
