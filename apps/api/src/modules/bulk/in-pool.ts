import { setImmediate } from 'node:timers/promises';

/** Runs `work` over `items`, `size` at a time, answering the results in the items' order. */
export async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
  return results;
}

// On the embedded database a query runs on this thread and resolves as a microtask, so a loop of queries
// would hold the event loop until it ends: every row yields, and other merchants' requests are answered
// between rows.
export const yieldToEventLoop = () => setImmediate();
