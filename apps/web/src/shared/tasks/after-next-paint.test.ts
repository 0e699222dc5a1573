import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, afterNextPaint } from './after-next-paint.ts';

/** The browser's frames, run by hand. */
let frames: Map<number, FrameRequestCallback>;
const runFrame = () => {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback(0);
};

/** Frames that run only on `runFrame`, and fake timers. */
function stubFramesAndTimers() {
  frames = new Map();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

describe('afterNextPaint', () => {
  beforeEach(stubFramesAndTimers);

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('calls back in a task after the frame that follows the next one has begun, not before', async () => {
    const callback = vi.fn();
    afterNextPaint(callback);
    await vi.advanceTimersByTimeAsync(50);
    expect(callback).not.toHaveBeenCalled();
    runFrame();
    await vi.advanceTimersByTimeAsync(50);
    expect(callback).not.toHaveBeenCalled();
    // The second frame's callback only sets the timer.
    runFrame();
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before either frame and after both', async () => {
    const cancelledAt = [0, 1, 2].map((framesRun) => {
      const callback = vi.fn();
      const cancel = afterNextPaint(callback);
      return { callback, cancel, framesRun };
    });
    for (let frame = 0; frame <= 2; frame += 1) {
      for (const { cancel, framesRun } of cancelledAt) if (framesRun === frame) cancel();
      runFrame();
    }
    await vi.advanceTimersByTimeAsync(50);
    for (const { callback } of cancelledAt) expect(callback).not.toHaveBeenCalled();
  });
});

describe('afterFirstContentfulPaint', () => {
  type Listener = (entries: { getEntriesByName: (name: string) => unknown[] }) => void;
  let observers: { listener: Listener; disconnected: boolean }[];
  let recorded: string[];
  const reportPaint = (name: string) => {
    recorded.push(name);
    for (const observer of observers) {
      if (!observer.disconnected) observer.listener({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
    }
  };

  beforeEach(() => {
    observers = [];
    recorded = [];
    stubFramesAndTimers();
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      private readonly entry: { listener: Listener; disconnected: boolean };
      constructor(listener: Listener) {
        this.entry = { listener, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.spyOn(performance, 'getEntriesByName').mockImplementation(
      (name: string) => (recorded.includes(name) ? [{}] : []) as PerformanceEntryList,
    );
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const twoFrames = async () => {
    runFrame();
    runFrame();
    await vi.advanceTimersByTimeAsync(0);
  };

  it('waits for the first contentful paint to be reported, then for the next frame', async () => {
    const callback = vi.fn();
    afterFirstContentfulPaint(callback);
    await twoFrames();
    reportPaint('first-paint');
    await twoFrames();
    expect(callback).not.toHaveBeenCalled();
    reportPaint('first-contentful-paint');
    expect(callback).not.toHaveBeenCalled();
    await twoFrames();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it('only waits for the next frame once the first content was shown long ago', async () => {
    reportPaint('first-contentful-paint');
    const callback = vi.fn();
    afterFirstContentfulPaint(callback);
    expect(observers).toHaveLength(0);
    await twoFrames();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes on after the limit when no paint is ever reported, as in a tab opened in the background', async () => {
    const callback = vi.fn();
    afterFirstContentfulPaint(callback, 1000);
    await vi.advanceTimersByTimeAsync(999);
    await twoFrames();
    expect(callback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await twoFrames();
    expect(callback).toHaveBeenCalledTimes(1);
    reportPaint('first-contentful-paint');
    await twoFrames();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('is cancelled before the paint, after it, and never calls back', async () => {
    const beforePaint = vi.fn();
    afterFirstContentfulPaint(beforePaint)();
    const afterPaint = vi.fn();
    const cancel = afterFirstContentfulPaint(afterPaint);
    reportPaint('first-contentful-paint');
    cancel();
    await twoFrames();
    await vi.advanceTimersByTimeAsync(2000);
    await twoFrames();
    expect(beforePaint).not.toHaveBeenCalled();
    expect(afterPaint).not.toHaveBeenCalled();
  });

  it('only waits for the next frame where the browser reports no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const callback = vi.fn();
    afterFirstContentfulPaint(callback);
    await twoFrames();
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
