/**
 * Calls `callback` once the browser has painted the next frame: a frame callback runs just before the paint,
 * and a timer set there fires after it. Returns a function that cancels whichever is still pending.
 *
 * For work the first view should not wait for, such as fetching a chunk that draws something below it: the
 * view is on screen before the request starts.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
