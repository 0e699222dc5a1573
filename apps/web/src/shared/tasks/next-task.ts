interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a task of its own, so what follows does not lengthen the task that is running: while a task
 * runs, the page cannot answer a tap. `scheduler.yield()` puts the continuation ahead of other waiting
 * tasks; where the browser lacks it, a zero timer does the same after them.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
