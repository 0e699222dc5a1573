import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Reads shared by one unit of work that asks the same questions many times: the rows of one uploaded file
 * ask for the same caller's vendors, the same collection points and the same service hours. Inside
 * `withReadSnapshot`, a read named by the same key is made once and its answer (or its failure) is shared by
 * the whole unit; outside, every read goes to the database as before (decision 054).
 *
 * Only reads whose answer may be a few seconds old belong here: who the caller is and what they may use,
 * a vendor's settings, country parameters. Never an order, a balance or anything a write depends on.
 */
const snapshots = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

export function withReadSnapshot<T>(work: () => Promise<T>): Promise<T> {
  return snapshots.run(new Map(), work);
}

export function snapshotRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = snapshots.getStore();
  if (!reads) return read();
  let answer = reads.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    reads.set(key, answer);
  }
  return answer;
}

/**
 * Gives the snapshot an answer another read brought along (the country parameters read with a vendor), so a
 * later `snapshotRead` of that key makes no read of its own. An answer already there is kept; outside a
 * snapshot nothing is kept.
 */
export function primeSnapshot<T>(key: string, answer: T): void {
  const reads = snapshots.getStore();
  if (reads && !reads.has(key)) reads.set(key, Promise.resolve(answer));
}
