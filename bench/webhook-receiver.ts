// The merchant's receiver for bench/webhook-delivery.ts, in a process of its own so it never shares the event
// loop of the deliveries it measures: it checks every request's signature and timestamp as a receiver would
// (the module's verifyWebhook), answers 200 and records when each event arrived, on the clock every process
// on the machine shares (performance.timeOrigin + performance.now()).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_ID_HEADER, verifyWebhook } from '../apps/api/src/modules/webhooks/signing.ts';

export type ToReceiver = { type: 'secret'; secret: string } | { type: 'progress' } | { type: 'report' } | 'stop';

export type FromReceiver =
  | { type: 'ready'; port: number }
  | { type: 'secret-set' }
  | { type: 'progress'; valid: number; invalid: number }
  /** Every valid request since the last report: its event id, when it arrived, and its body's order and status. */
  | { type: 'report'; events: [string, number, string][]; invalid: number };

const now = () => performance.timeOrigin + performance.now();
const reply = (message: FromReceiver) => process.send?.(message);

let secret = '';
let events: [string, number, string][] = [];
let invalid = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = now();
    const body = Buffer.concat(chunks);
    const verdict = verifyWebhook({ secret, body, headers: req.headers, now: new Date() });
    if (verdict === 'valid') {
      const { order_id, status } = JSON.parse(body.toString('utf8')) as { order_id: string; status: string };
      events.push([String(req.headers[EVENT_ID_HEADER]), at, `${order_id} ${status}`]);
    } else invalid++;
    res.writeHead(verdict === 'valid' ? 200 : 401).end();
  });
});

process.on('message', (message: ToReceiver) => {
  if (message === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
    return;
  }
  if (message.type === 'secret') {
    secret = message.secret;
    reply({ type: 'secret-set' });
  } else if (message.type === 'progress') {
    reply({ type: 'progress', valid: events.length, invalid });
  } else if (message.type === 'report') {
    reply({ type: 'report', events, invalid });
    events = [];
    invalid = 0;
  }
});

server.listen(0, '127.0.0.1', () => reply({ type: 'ready', port: (server.address() as AddressInfo).port }));
