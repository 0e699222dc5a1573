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
  {
    retries = CHUNK_LOAD_RETRY_COUNT,
    delayMs = CHUNK_LOAD_RETRY_MS,
    sleep = wait,
    onRetry = () => {},
  }: { retries?: number; delayMs?: number; sleep?: (ms: number) => Promise<void>; onRetry?: () => void } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries)
        throw new ChunkLoadError(`Could not load a code chunk after ${retries} retries`, { cause: error });
      onRetry();
      await sleep(delayMs);
    }
  }
}

/** A lazily loaded component whose chunk can be asked for before it first renders. */
export type LazyComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /**
   * Starts fetching the chunk (with the same retries); rendering later waits for this same load. Settles once
   * the chunk is here or its first attempt has failed, and never rejects: the retries go on, and the render
   * that follows shows the page loader while they do, and the app-load banner if they all fail (spec §8).
   */
  preload: () => Promise<void>;
};

/** React.lazy with the spec §8 retries; `pick` names the export, so modules keep named exports. */
export function lazyWithRetry<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let loading: Promise<M> | null = null;
  let firstAttempt: Promise<void> = Promise.resolve();
  // One load at a time, shared by a preload and the render; a load that failed every retry is forgotten,
  // so the next render tries again.
  const loadOnce = () => {
    if (!loading) {
      let firstAttemptSettled = () => {};
      firstAttempt = new Promise((resolve) => {
        firstAttemptSettled = resolve;
      });
      loading = retryImport(load, { onRetry: firstAttemptSettled }).catch((error: unknown) => {
        loading = null;
        throw error;
      });
      loading.then(
        () => firstAttemptSettled(),
        () => firstAttemptSettled(),
      );
    }
    return loading;
  };
  const component = lazy(() => loadOnce().then((module) => ({ default: pick(module) })));
  return Object.assign(component, {
    // A failure is the render's to report (the route error and the app-load banner).
    preload: () => {
      loadOnce().catch(() => undefined);
      return firstAttempt;
    },
  });
}
