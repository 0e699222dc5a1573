import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.ts';

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });

  it('otherwise resolves from a timer, not within the running task', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let resolved = false;
    const next = nextTask().then(() => {
      resolved = true;
    });
    // Every promise job of the running task settles first.
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    await next;
    expect(resolved).toBe(true);
  });
});
