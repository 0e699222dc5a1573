import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './address-policy.ts';

/** An attempt gives up after this long, connection and answer included. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Only this much of an answer is read; the rest is cut off. */
export const WEBHOOK_MAX_ANSWER_BYTES = 64 * 1024;

export interface PostResult {
  /** null when no answer came (refused, timed out, reset). */
  status: number | null;
  latencyMs: number | null;
  /** Why the attempt failed, when it did without a status. */
  error: string | null;
}

export type WebhookPoster = (request: {
  url: URL;
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  maxAnswerBytes?: number;
}) => Promise<PostResult>;

/** An idle kept-alive connection is closed after this long, before common servers' own 5 s drop it. */
export const WEBHOOK_IDLE_CONNECTION_MS = 2_000;
/** Agents kept at most (one per origin and checked address); the one unused longest is closed first. */
const MAX_AGENTS = 256;

const agents = new Map<string, http.Agent>();

/**
 * The kept-alive connections to one origin at one address: a socket is reused only by a request whose address
 * check answered the same address, so a name that now resolves elsewhere never rides an older connection.
 */
function agentFor(url: URL, address: string): http.Agent {
  const key = `${url.protocol}//${url.host}|${address}`;
  const found = agents.get(key);
  if (found) {
    // Most recently used last.
    agents.delete(key);
    agents.set(key, found);
    return found;
  }
  const options = { keepAlive: true, timeout: WEBHOOK_IDLE_CONNECTION_MS, scheduling: 'lifo' as const };
  const agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  if (agents.size >= MAX_AGENTS) {
    const [oldestKey, oldest] = agents.entries().next().value ?? [];
    if (oldestKey !== undefined) agents.delete(oldestKey);
    oldest?.destroy();
  }
  agents.set(key, agent);
  return agent;
}

/** Closes every kept-alive connection (on shutdown; the next POST opens new ones). */
export function closeWebhookConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * POSTs one signed body to the checked address. The URL's host still names the request (Host header, TLS
 * server name and certificate check), but the socket connects to `address` only. Connections are kept alive
 * per origin and address for a short while; a kept connection the server closed just as it was reused is
 * retried once on a new one (like any
 * retry it may repeat the event, which receivers drop by its id). Redirects are not followed (node's
 * client never does); a 3xx is a failed attempt like any other non-2xx answer.
 */
export const postWebhook: WebhookPoster = (request) => {
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const maxAnswerBytes = request.maxAnswerBytes ?? WEBHOOK_MAX_ANSWER_BYTES;
  const { address, family } = request.address;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const started = performance.now();
  const transport = request.url.protocol === 'https:' ? https : http;
  const agent = agentFor(request.url, address);
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    let current: http.ClientRequest | null = null;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, latencyMs: Math.round(performance.now() - started), error });
    };
    const timer = setTimeout(() => {
      current?.destroy();
      finish(null, 'timeout');
    }, timeoutMs);
    const attempt = (mayRetry: boolean) => {
      let answered = false;
      const req = transport.request(request.url, {
        method: 'POST',
        lookup,
        agent,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'Riderdesk-Webhooks/1',
        },
      });
      current = req;
      req.on('response', (res) => {
        answered = true;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // The status is known; the rest of a long answer is not read, and its connection not kept.
          if (read >= maxAnswerBytes) {
            res.destroy();
            finish(res.statusCode ?? null, null);
          }
        });
        res.on('end', () => finish(res.statusCode ?? null, null));
        res.on('error', () => finish(res.statusCode ?? null, null));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message;
        if (!settled && mayRetry && !answered && req.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) {
          attempt(false);
          return;
        }
        finish(null, code);
      });
      req.end(request.body);
    };
    attempt(true);
  });
};
