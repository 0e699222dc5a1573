import { CHUNK_LOAD_RETRY_COUNT, CHUNK_LOAD_RETRY_MS } from '@riderdesk/domain/constants';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyWithRetry, retryImport } from './retry-import.ts';

const chunk = { default: 'page' };

/** A dynamic import that fails `failures` times, then loads. */
function flakyImport(failures: number) {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return chunk;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('retryImport (spec §8)', () => {
  it('uses the spec constants: 10 retries, 2000 ms apart', () => {
    expect(CHUNK_LOAD_RETRY_COUNT).toBe(10);
    expect(CHUNK_LOAD_RETRY_MS).toBe(2000);
  });

  it('returns at once when the chunk loads', async () => {
    const load = flakyImport(0);
    await expect(retryImport(load)).resolves.toBe(chunk);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again every 2000 ms until the chunk loads', async () => {
    const load = flakyImport(3);
    const result = retryImport(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(load).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toBe(chunk);
  });

  it('gives up with a ChunkLoadError after the 10th retry, 20 s after the first attempt', async () => {
    const load = flakyImport(Number.POSITIVE_INFINITY);
    const result = retryImport(load);
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(load).toHaveBeenCalledTimes(10);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(11);
    const error = await result.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(11);
  });

  it('loads on the last retry', async () => {
    const load = flakyImport(10);
    const result = retryImport(load);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(result).resolves.toBe(chunk);
    expect(load).toHaveBeenCalledTimes(11);
  });
});

describe('lazyWithRetry preload', () => {
  it('fetches the chunk before the first render, and the render uses that same load', async () => {
    const load = vi.fn(async () => ({ Page: () => <p>the page</p> }));
    const Page = lazyWithRetry(load, (module) => module.Page);
    Page.preload();
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('settles its preload once the chunk is here, or once its first attempt failed while the retries go on', async () => {
    const Page = lazyWithRetry(
      async () => ({ Page: () => null }),
      (module) => module.Page,
    );
    await expect(Page.preload()).resolves.toBeUndefined();
    const load = flakyImport(3);
    const Flaky = lazyWithRetry(load, () => () => <p>loaded on the fourth attempt</p>);
    await Flaky.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Flaky />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    // The render joins the retries the preload started: no attempt is made twice.
    await act(() => vi.advanceTimersByTimeAsync(3 * CHUNK_LOAD_RETRY_MS));
    expect(screen.getByText('loaded on the fourth attempt')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('forgets a preload that failed every retry, so the render tries again', async () => {
    const load = flakyImport(CHUNK_LOAD_RETRY_COUNT + 1);
    const Page = lazyWithRetry(load, () => () => <p>loaded at last</p>);
    Page.preload();
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_RETRY_COUNT * CHUNK_LOAD_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(CHUNK_LOAD_RETRY_COUNT + 1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('loaded at last')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(CHUNK_LOAD_RETRY_COUNT + 2);
  });
});
