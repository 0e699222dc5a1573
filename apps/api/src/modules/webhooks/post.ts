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

/**
 * POSTs one signed body to the checked address. The URL's host still names the request (Host header, TLS
 * server name and certificate check), but the socket connects to `address` only. Redirects are not followed
 * (node's client never does); a 3xx is a failed attempt like any other non-2xx answer.
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
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, latencyMs: Math.round(performance.now() - started), error });
    };
    const req = transport.request(request.url, {
      method: 'POST',
      lookup,
      agent: false,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': 'Riderdesk-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish(null, 'timeout');
    }, timeoutMs);
    req.on('response', (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // The status is known; the rest of a long answer is not read.
        if (read >= maxAnswerBytes) {
          res.destroy();
          finish(res.statusCode ?? null, null);
        }
      });
      res.on('end', () => finish(res.statusCode ?? null, null));
      res.on('error', () => finish(res.statusCode ?? null, null));
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code ?? error.message));
    req.end(request.body);
  });
};
