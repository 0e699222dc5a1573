import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkEndpointUrl,
  isPublicAddress,
  type ResolvedAddress,
  resolveDeliveryAddress,
} from '../src/modules/webhooks/address-policy.ts';
import { postWebhook } from '../src/modules/webhooks/post.ts';

/** A resolver that answers from a table and counts its lookups. */
function fakeResolver(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    asked.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

describe('webhook endpoint addresses', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, unique-local and metadata ones', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '100.128.0.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '0:0:0:0:0:ffff:7f00:1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes HTTPS only in prd, HTTP as well in san and stg, and no credentials in the URL', () => {
    expect(checkEndpointUrl('https://hooks.example.com/in', 'prd').ok).toBe(true);
    expect(checkEndpointUrl('http://hooks.example.com/in', 'prd')).toEqual({ ok: false, reason: 'scheme-not-allowed' });
    expect(checkEndpointUrl('http://hooks.example.com/in', 'san').ok).toBe(true);
    expect(checkEndpointUrl('http://hooks.example.com/in', 'stg').ok).toBe(true);
    expect(checkEndpointUrl('ftp://hooks.example.com/in', 'san')).toEqual({ ok: false, reason: 'scheme-not-allowed' });
    expect(checkEndpointUrl('https://user:pw@hooks.example.com/', 'san')).toEqual({
      ok: false,
      reason: 'credentials-in-url',
    });
    expect(checkEndpointUrl('not a url', 'san')).toEqual({ ok: false, reason: 'invalid-url' });
  });

  it('refuses in prd a host resolving to any address that is not public, and allows it in san and stg', async () => {
    const { resolve } = fakeResolver({
      'hooks.example.com': ['93.184.216.34'],
      'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'ula.example.com': ['fd12:3456::1'],
    });
    const at = (url: string, environment: 'prd' | 'san' | 'stg') =>
      resolveDeliveryAddress(new URL(url), environment, resolve);
    expect(await at('https://hooks.example.com/', 'prd')).toEqual({
      ok: true,
      value: { address: '93.184.216.34', family: 4 },
    });
    for (const host of ['rebind.example.com', 'metadata.example.com', 'ula.example.com', '127.0.0.1', '[::1]']) {
      expect(await at(`https://${host}/`, 'prd'), host).toEqual({ ok: false, reason: 'address-not-public' });
      expect((await at(`https://${host}/`, 'san')).ok, host).toBe(true);
      expect((await at(`https://${host}/`, 'stg')).ok, host).toBe(true);
    }
    expect(await at('https://nowhere.example.com/', 'san')).toEqual({ ok: false, reason: 'unresolvable-host' });
  });

  it('does not resolve an IP literal', async () => {
    const { resolve, asked } = fakeResolver({});
    expect((await resolveDeliveryAddress(new URL('http://127.0.0.1:8080/'), 'san', resolve)).ok).toBe(true);
    expect(asked).toEqual([]);
  });
});

describe('posting a webhook', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });

  async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
    const listening = createServer(handler);
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    return (listening.address() as AddressInfo).port;
  }

  it('connects to the checked address, keeping the URL host as the Host header', async () => {
    let seenHost: string | undefined;
    const port = await listen((req, res) => {
      seenHost = req.headers.host;
      res.end('ok');
    });
    // The name resolves nowhere: only the checked address is used, no second lookup.
    const result = await postWebhook({
      url: new URL(`http://hooks.invalid:${port}/in`),
      address: { address: '127.0.0.1', family: 4 },
      headers: {},
      body: '{}',
    });
    expect(result.status).toBe(200);
    expect(seenHost).toBe(`hooks.invalid:${port}`);
  });

  it('follows no redirect: a 302 is the answer', async () => {
    let requests = 0;
    const port = await listen((_req, res) => {
      requests++;
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    const result = await postWebhook({
      url: new URL(`http://127.0.0.1:${port}/`),
      address: { address: '127.0.0.1', family: 4 },
      headers: {},
      body: '{}',
    });
    expect(result.status).toBe(302);
    expect(requests).toBe(1);
  });

  it('stops reading a long answer at the cap', async () => {
    const port = await listen((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 97);
      // Endless until the client hangs up.
      const write = () => {
        while (!res.destroyed && res.write(chunk)) {}
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    });
    const result = await postWebhook({
      url: new URL(`http://127.0.0.1:${port}/`),
      address: { address: '127.0.0.1', family: 4 },
      headers: {},
      body: '{}',
      maxAnswerBytes: 64 * 1024,
    });
    // Without the cap the endless answer would run into the time-out (status null, error 'timeout').
    expect(result.status).toBe(200);
    expect(result.error).toBeNull();
  });

  it('gives up at the time-out when no answer comes', async () => {
    const port = await listen(() => {
      // Never answers.
    });
    const result = await postWebhook({
      url: new URL(`http://127.0.0.1:${port}/`),
      address: { address: '127.0.0.1', family: 4 },
      headers: {},
      body: '{}',
      timeoutMs: 200,
    });
    expect(result).toMatchObject({ status: null, error: 'timeout' });
  });
});
