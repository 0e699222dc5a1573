import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingSecretBox, type SecretBox, UnreadableSecret } from '../src/infra/secret-box.ts';
import { closeWebhookConnections, postWebhook } from '../src/modules/webhooks/post.ts';
import { webhookSecretBox } from '../src/modules/webhooks/secret-box.ts';

const LOOPBACK = { address: '127.0.0.1', family: 4 as const };

/** A receiver that counts the connections it accepted; `onRequest` answers each request. */
async function receiver(onRequest: (socket: Socket, requestOnSocket: number, answer: () => void) => void) {
  let connections = 0;
  const perSocket = new WeakMap<Socket, number>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const n = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, n);
      onRequest(req.socket, n, () => res.writeHead(200).end('ok'));
    });
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const post = (url: URL) => postWebhook({ url, address: LOOPBACK, headers: {}, body: '{"ok":true}' });

describe('webhook POSTs', () => {
  afterEach(() => closeWebhookConnections());

  it('keeps the connection to an origin alive from one POST to the next', async () => {
    const server = await receiver((_socket, _n, answer) => answer());
    try {
      const results = [];
      for (let n = 0; n < 3; n++) results.push(await post(server.url));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('sends again on a new connection when a kept one was closed by the receiver as it was reused', async () => {
    // The receiver drops a kept connection at its second request without answering, as a server whose idle
    // time-out ran out at that moment does.
    const server = await receiver((socket, n, answer) => (n === 1 ? answer() : socket.destroy()));
    try {
      expect((await post(server.url)).status).toBe(200);
      const again = await post(server.url);
      expect([again.status, again.error]).toEqual([200, null]);
      expect(server.connections()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('does not send again when a new connection fails', async () => {
    const server = await receiver((socket) => socket.destroy());
    try {
      const result = await post(server.url);
      expect([result.status, result.error]).toEqual([null, 'ECONNRESET']);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('opened endpoint secrets', () => {
  function counting(box: SecretBox) {
    let opens = 0;
    return {
      box: {
        seal: box.seal,
        open: (sealed: string) => {
          opens++;
          return box.open(sealed);
        },
      } satisfies SecretBox,
      opens: () => opens,
    };
  }
  const box = webhookSecretBox('test-auth-secret-for-webhooks-0123456789');

  it('opens a sealed value once while it is kept, and a rotated secret (a new sealed value) at once', () => {
    let now = 0;
    const inner = counting(box);
    const cached = cachingSecretBox(inner.box, { ttlMs: 1_000, now: () => now });
    const first = box.seal('whsec_first');
    const rotated = box.seal('whsec_rotated');
    expect([cached.open(first), cached.open(first)]).toEqual(['whsec_first', 'whsec_first']);
    expect(inner.opens()).toBe(1);
    expect(cached.open(rotated)).toBe('whsec_rotated');
    expect(inner.opens()).toBe(2);
    now = 1_000;
    expect(cached.open(first)).toBe('whsec_first');
    expect(inner.opens()).toBe(3);
  });

  it('keeps no failure to open, and at most its limit of secrets, the oldest dropped first', () => {
    const inner = counting(box);
    const cached = cachingSecretBox(inner.box, { max: 2 });
    expect(() => cached.open('v1.damaged')).toThrow(UnreadableSecret);
    expect(() => cached.open('v1.damaged')).toThrow(UnreadableSecret);
    const [a, b, c] = ['whsec_a', 'whsec_b', 'whsec_c'].map((plain) => box.seal(plain));
    for (const sealed of [a, b, c, b, c]) cached.open(sealed ?? '');
    expect(inner.opens()).toBe(2 + 3);
    cached.open(a ?? '');
    expect(inner.opens()).toBe(2 + 4);
  });
});
