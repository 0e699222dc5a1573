import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint.ts';

/** The browser's frames, run by hand. */
let frames: Map<number, FrameRequestCallback>;
const runFrame = () => {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback(0);
};

describe('afterNextPaint', () => {
  beforeEach(() => {
    frames = new Map();
    let next = 1;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(next, callback);
      return next++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('calls back in a task after the next frame, not within the frame or before it', async () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    await vi.advanceTimersByTimeAsync(50);
    expect(callback).not.toHaveBeenCalled();
    // The frame's callback only sets the timer that runs once the frame is painted.
    runFrame();
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before the frame and after it', async () => {
    const beforeFrame = vi.fn();
    afterNextPaint(beforeFrame)();
    const afterFrame = vi.fn();
    const cancel = afterNextPaint(afterFrame);
    runFrame();
    cancel();
    runFrame();
    await vi.advanceTimersByTimeAsync(50);
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(afterFrame).not.toHaveBeenCalled();
  });
});
