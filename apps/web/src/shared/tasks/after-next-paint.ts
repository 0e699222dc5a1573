/**
 * Calls `callback` once the next frame is on screen: the frame after it has begun, and a task has run after
 * that frame's callbacks. (A timer set in the first frame's callback can fire before that frame is
 * presented, and Chromium then counts what the callback starts as part of what the frame waited for.)
 * Returns a function that cancels whatever is still pending.
 *
 * For work the first view should not wait for, such as fetching a chunk that draws something beside it: the
 * view is on screen before the request starts.
 */
export function afterNextPaint(callback: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(callback, 0);
    });
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/**
 * Calls `callback` once the page's first content is on screen, as the browser reports it (its paint timing,
 * which comes after the frame is presented; a frame callback can run before that), then after the next frame;
 * at once after the next frame if that was long ago. Where the browser reports no paint timing, or reports
 * none within `limitMs` (a page opened in a background tab is not painted), it waits for the next frame only.
 * Returns a function that cancels whatever is still pending.
 */
export function afterFirstContentfulPaint(callback: () => void, limitMs = 1000): () => void {
  const reportsPaints =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!reportsPaints || performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) {
    return afterNextPaint(callback);
  }
  let cancelFrames: (() => void) | undefined;
  const go = () => {
    if (cancelFrames) return;
    observer.disconnect();
    clearTimeout(limit);
    cancelFrames = afterNextPaint(callback);
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) go();
  });
  observer.observe({ type: 'paint', buffered: true });
  const limit = setTimeout(go, limitMs);
  return () => {
    observer.disconnect();
    clearTimeout(limit);
    cancelFrames?.();
    cancelFrames ??= () => undefined;
  };
}
