/**
 * Subscribers for bench/live-fanout.ts, in a process of their own so the clients never share the server's
 * event loop. The parent sends, over IPC:
 * - `open`: the sockets to open (server port, Authorization value, vendor); answered `opened`;
 * - `commit`: each change as soon as its transaction has committed (its sequence number, its key
 *   "order_id updated_at", its vendor and the commit instant), so every receipt is matched to its commit;
 * - `progress`: answered with the updates received so far;
 * - `report`: answered with, per socket, the changes of its vendor expected and those received, and the
 *   latency histogram; the sockets are then closed.
 * All instants are `performance.timeOrigin + performance.now()`, one clock for every process on the machine.
 */
import WebSocket from 'ws';

export interface Subscriber {
  port: number;
  authorization: string;
  vendorId: string;
}

export type ToClient =
  | { type: 'open'; subscribers: Subscriber[]; changes: number }
  | { type: 'commit'; seq: number; key: string; orderId: string; vendorId: string; at: number }
  | { type: 'progress' }
  | { type: 'report' };

export type FromClient =
  | { type: 'opened'; count: number }
  | { type: 'progress'; received: number; messages: number }
  | {
      type: 'report';
      expected: number;
      delivered: number;
      /** Not received, but a later state of the same order was (notices collapsed while it loaded). */
      superseded: number;
      lost: number;
      /** Every order_update received (states superseded before they were sent are not among them), and bytes. */
      messages: number;
      bytes: number;
      /** Sockets that closed during the run, by close code. */
      closed: Record<string, number>;
      /** Latency in tenths of a millisecond → count. */
      histogram: [number, number][];
    };

const OPEN_CONCURRENCY = 50;
const now = () => performance.timeOrigin + performance.now();
const send = (message: FromClient) => process.send?.(message);

interface Socket {
  ws: WebSocket;
  vendorId: string;
  received: Uint8Array;
}

const sockets: Socket[] = [];
const seqOf = new Map<string, number>();
const commits: { orderId: string; vendorId: string; at: number }[] = [];
// Receipts that came before their commit's IPC message: key → [socket index, instant, …].
const early = new Map<string, number[]>();
const histogram = new Map<number, number>();
const closed: Record<string, number> = {};
let received = 0;
let messages = 0;
let bytes = 0;
let reporting = false;

function record(socket: number, seq: number, at: number): void {
  const target = sockets[socket]!;
  if (target.received[seq] === 1) return;
  target.received[seq] = 1;
  received++;
  const bucket = Math.max(0, Math.round((at - commits[seq]!.at) * 10));
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
}

const ORDER_ID = '"order_id":"';
const UPDATED_AT = '"updated_at":"';

function onMessage(index: number, raw: WebSocket.RawData): void {
  const at = now();
  const text = raw.toString();
  if (!text.startsWith('{"event":"order_update"')) return;
  messages++;
  bytes += text.length;
  // The two fields are read where they are; parsing the whole order would only add client work to the figures.
  const idAt = text.indexOf(ORDER_ID) + ORDER_ID.length;
  const updatedAt = text.indexOf(UPDATED_AT) + UPDATED_AT.length;
  const key = `${text.slice(idAt, text.indexOf('"', idAt))} ${text.slice(updatedAt, text.indexOf('"', updatedAt))}`;
  const seq = seqOf.get(key);
  if (seq !== undefined) record(index, seq, at);
  else {
    const waiting = early.get(key) ?? [];
    waiting.push(index, at);
    early.set(key, waiting);
  }
}

function open(subscriber: Subscriber, changes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const index = sockets.length;
    const ws = new WebSocket(
      `ws://127.0.0.1:${subscriber.port}/live?authorization=${encodeURIComponent(subscriber.authorization)}`,
    );
    sockets.push({ ws, vendorId: subscriber.vendorId, received: new Uint8Array(changes) });
    let subscribed = false;
    ws.on('error', reject);
    ws.on('open', () =>
      ws.send(JSON.stringify({ event: 'subscribeToVendor', data: { vendor_id: subscriber.vendorId } })),
    );
    ws.on('close', (code) => {
      if (!reporting) closed[code] = (closed[code] ?? 0) + 1;
      if (!subscribed) reject(new Error(`socket closed before subscribing: ${code}`));
    });
    ws.on('message', (raw) => {
      if (subscribed) return onMessage(index, raw);
      const text = raw.toString();
      if (text.startsWith('{"event":"subscribe_ok"')) {
        subscribed = true;
        resolve();
      } else reject(new Error(`subscription refused: ${text}`));
    });
  });
}

function report(): FromClient {
  let expected = 0;
  let delivered = 0;
  let superseded = 0;
  let lost = 0;
  const byVendor = new Map<string, number[]>();
  commits.forEach((commit, seq) => {
    const list = byVendor.get(commit.vendorId) ?? [];
    list.push(seq);
    byVendor.set(commit.vendorId, list);
  });
  for (const socket of sockets) {
    const seqs = byVendor.get(socket.vendorId) ?? [];
    expected += seqs.length;
    seqs.forEach((seq, position) => {
      if (socket.received[seq] === 1) delivered++;
      else if (
        seqs
          .slice(position + 1)
          .some((later) => commits[later]!.orderId === commits[seq]!.orderId && socket.received[later] === 1)
      )
        superseded++;
      else lost++;
    });
  }
  return {
    type: 'report',
    expected,
    delivered,
    superseded,
    lost,
    messages,
    bytes,
    closed,
    histogram: [...histogram],
  };
}

process.on('message', (message: ToClient) => {
  switch (message.type) {
    case 'open':
      void (async () => {
        const queue = [...message.subscribers];
        await Promise.all(
          Array.from({ length: OPEN_CONCURRENCY }, async () => {
            for (let next = queue.shift(); next; next = queue.shift()) await open(next, message.changes);
          }),
        );
        send({ type: 'opened', count: sockets.length });
      })().catch((error: unknown) => {
        process.stderr.write(`live-fanout client: ${String(error)}\n`);
        process.exit(1);
      });
      return;
    case 'commit': {
      seqOf.set(message.key, message.seq);
      commits[message.seq] = { orderId: message.orderId, vendorId: message.vendorId, at: message.at };
      const waiting = early.get(message.key);
      if (waiting) {
        early.delete(message.key);
        for (let index = 0; index < waiting.length; index += 2)
          record(waiting[index]!, message.seq, waiting[index + 1]!);
      }
      return;
    }
    case 'progress':
      send({ type: 'progress', received, messages });
      return;
    case 'report':
      reporting = true;
      process.send?.(report(), () => {
        for (const socket of sockets) socket.ws.terminate();
        process.exit(0);
      });
  }
});
