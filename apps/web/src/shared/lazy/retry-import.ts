import { CHUNK_LOAD_RETRY_COUNT, CHUNK_LOAD_RETRY_MS } from '@riderdesk/domain/constants';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A code chunk that still failed to load after every retry (spec §8: the app-load banner follows). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * spec §8: chunk loading is retried up to 10 times at 2000 ms intervals before the banner. A deploy
 * replaces the fingerprinted files, and a flaky mobile connection drops requests: both often heal
 * within those 20 seconds.
 */
export async function retryImport<T>(
  load: () => Promise<T>,
  { retries = CHUNK_LOAD_RETRY_COUNT, delayMs = CHUNK_LOAD_RETRY_MS, sleep = wait } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries)
        throw new ChunkLoadError(`Could not load a code chunk after ${retries} retries`, { cause: error });
      await sleep(delayMs);
    }
  }
}

/** React.lazy with the spec §8 retries; `pick` names the export, so modules keep named exports. */
export function lazyWithRetry<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => retryImport(load).then((module) => ({ default: pick(module) })));
}
