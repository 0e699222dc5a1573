// Load generators and clients that run in processes of their own, so they never share the event loop of
// the server they measure.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** Runs Node with `args` in a process of its own and answers the JSON it printed. */
export async function nodeChild<T>(args: string[], env: Record<string, string>): Promise<T> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`node ${args.join(' ').slice(0, 60)} ended with ${code}`);
  return JSON.parse(out) as T;
}

export interface PacedHttpLoad {
  url: string;
  headers: Record<string, string>;
  rate: number;
  durationSeconds: number;
  maxInFlight: number;
  /** GET when absent. */
  method?: 'GET' | 'POST';
  /** The request body, sent as is with every request. */
  body?: string;
  /** Each request carries an `Idempotency-Key` of its own (a random UUID), so each one does the whole work. */
  idempotencyKeys?: boolean;
  /** Every occurrence of this string in `body` is replaced by a UUID of each request's own. */
  uniqueToken?: string;
  /**
   * The same load for this long first, over the same connections, its latencies not measured (see
   * bench/paced-http.mjs): the measured window starts with the load already running, not from a cold start.
   */
  warmupSeconds?: number;
}

/** What the answers of a load, or of its warm-up, were. */
export interface PacedHttpCounts {
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Requests that were due while `maxInFlight` others still waited, and so were not sent. */
  skipped: number;
  errors: number;
}

export interface PacedHttpResult extends PacedHttpCounts {
  latencies: number[];
  /** The warm-up's answers, when one was asked for. */
  warmup: PacedHttpCounts | null;
}

/** Runs bench/paced-http.mjs (an evenly paced open-loop load) in its own process; answers what it measured. */
export function pacedHttp(load: PacedHttpLoad): Promise<PacedHttpResult> {
  return nodeChild<PacedHttpResult>([fileURLToPath(new URL('./paced-http.mjs', import.meta.url))], {
    PACED_HTTP: JSON.stringify(load),
  });
}

/** The answers with a 2xx status. */
export const successes = (result: Pick<PacedHttpCounts, 'statuses'>): number =>
  Object.entries(result.statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);

/** The value below which a share `p` of the sorted values lie. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
