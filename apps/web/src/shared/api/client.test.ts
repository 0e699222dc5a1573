import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../session/session-store.ts';
import { STORAGE_KEYS } from '../storage.ts';
import { ApiRequestError } from './api-error.ts';
import { authorizationHeader, createApiClient } from './client.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const apiError = (status: number, code = 'ERR') => json({ status, code, message: code, errors: [] }, status);

const NOW_MS = 1_800_000_000_000;
const session = (expiresInSeconds: number): Session => ({
  user: { id: 'u-1', email: 'demo@riderdesk.pk' },
  meta: { AccessToken: 'acc', IdToken: 'idt', RefreshToken: 'ref', Expires: NOW_MS / 1000 + expiresInSeconds },
});

function makeClient(options: {
  responses: Array<Response | Error>;
  storage?: Record<string, string>;
  session?: Session | null;
}) {
  const queue = [...options.responses];
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected call');
    if (next instanceof Error) throw next;
    return next;
  });
  const sleep = vi.fn(async (_ms: number) => {});
  let current = options.session ?? null;
  const onSessionExpired = vi.fn(() => {
    current = null;
  });
  const client = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep,
    now: () => NOW_MS,
    readStorage: (key) => options.storage?.[key] ?? null,
    getSession: () => current,
    setSession: (next) => {
      current = next;
    },
    onSessionExpired,
  });
  const headersOf = (call: number) => (fetch.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
  return { client, fetch, sleep, onSessionExpired, headersOf, session: () => current };
}

describe('authorizationHeader (spec §7)', () => {
  it('prefers the GoDroid token', () => {
    const read = (key: string) => ({ [STORAGE_KEYS.godroidToken]: 'gd', [STORAGE_KEYS.guestToken]: 'g' })[key] ?? null;
    expect(authorizationHeader(read, session(3600))).toBe('GoDroid gd');
  });

  it('sends access and id tokens joined by a bar', () => {
    expect(authorizationHeader(() => null, session(3600))).toBe('Bearer acc|idt');
  });

  it('falls back to the stored guest token', () => {
    const read = (key: string) => (key === STORAGE_KEYS.guestToken ? 'guest' : null);
    expect(authorizationHeader(read, null)).toBe('Bearer guest');
  });

  it('sends nothing without any token', () => {
    expect(authorizationHeader(() => null, null)).toBeNull();
  });
});

describe('api client', () => {
  it('sends JSON with the authorisation header', async () => {
    const { client, fetch, headersOf } = makeClient({ responses: [json({ result: 1 })], session: session(3600) });
    await expect(client.post('/api/v1/thing', { a: 1 })).resolves.toEqual({ result: 1 });
    expect(headersOf(0)).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer acc|idt' });
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"a":1}');
  });

  it('retries a GET 3 times on 5xx with a delay of 1 s times the attempt', async () => {
    const { client, fetch, sleep } = makeClient({
      responses: [apiError(503), apiError(502), apiError(500), json({ result: 'ok' })],
    });
    await expect(client.get('/api/v1/vendors')).resolves.toEqual({ result: 'ok' });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 3000]);
  });

  it('gives up after 3 retries and surfaces the ApiError', async () => {
    const { client, fetch } = makeClient({
      responses: [apiError(500, 'A'), apiError(500, 'B'), apiError(500, 'C'), apiError(500, 'D')],
    });
    const error = await client.get('/api/v1/vendors').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).code).toBe('D');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('does not retry a POST that failed with 5xx', async () => {
    const { client, fetch } = makeClient({ responses: [apiError(500)] });
    await expect(client.post('/api/v1/order', {})).rejects.toMatchObject({ status: 500 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a POST carrying an Idempotency-Key', async () => {
    const { client, fetch, headersOf } = makeClient({ responses: [apiError(500), json({ result: 'o-1' })] });
    await expect(client.post('/api/v1/order', {}, { idempotencyKey: 'k-1' })).resolves.toEqual({ result: 'o-1' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(headersOf(1)['Idempotency-Key']).toBe('k-1');
  });

  it('retries any method on 429 and on network errors', async () => {
    const { client, fetch } = makeClient({
      responses: [apiError(429), new TypeError('Failed to fetch'), json({ result: true })],
    });
    await expect(client.post('/api/v1/logout', {})).resolves.toEqual({ result: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 4xx answer', async () => {
    const { client, fetch } = makeClient({ responses: [apiError(404)] });
    await expect(client.get('/api/v1/vendor/x')).rejects.toMatchObject({ status: 404 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure with no status', async () => {
    const { client } = makeClient({ responses: Array.from({ length: 4 }, () => new TypeError('offline')) });
    const error = (await client.get('/api/v1/me').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBeNull();
    expect(error.isNetworkError).toBe(true);
  });

  it('parses the ApiError envelope with its field errors', async () => {
    const body = {
      status: 400,
      code: 'VALIDATION',
      message: 'bad',
      errors: [{ field: 'vendor_code', message: 'x', meta: { translation_key: 'register.error.vendor-code' } }],
    };
    const { client } = makeClient({ responses: [json(body, 400)] });
    const error = (await client.post('/api/v1/register', {}).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.firstTranslationKey).toBe('register.error.vendor-code');
  });

  it('refreshes the tokens first when under 600 s to expiry, keeping the refresh token', async () => {
    const fresh = { AccessToken: 'acc2', IdToken: 'idt2', Expires: NOW_MS / 1000 + 3600 };
    const {
      client,
      fetch,
      headersOf,
      session: current,
    } = makeClient({
      session: session(599),
      responses: [json({ result: { AuthenticationResult: fresh } }), json({ result: 'ok' })],
    });
    await client.get('/api/v1/vendors');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/login/extend');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"refresh_token":"ref"}');
    expect(headersOf(1).Authorization).toBe('Bearer acc2|idt2');
    expect(current()?.meta.RefreshToken).toBe('ref');
  });

  it('does not refresh when more than 600 s remain', async () => {
    const { client, fetch } = makeClient({ session: session(601), responses: [json({ result: 'ok' })] });
    await client.get('/api/v1/vendors');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('logs out when the refresh fails', async () => {
    const { client, onSessionExpired, headersOf } = makeClient({
      session: session(10),
      responses: [apiError(401, 'NotAuthorizedException'), apiError(401)],
    });
    await expect(client.get('/api/v1/vendors')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(headersOf(1).Authorization).toBeUndefined();
  });
});

describe('a session the server rejects (spec §4)', () => {
  it('refreshes once on a 401 and repeats the call with the new tokens', async () => {
    const fresh = { AccessToken: 'acc2', IdToken: 'idt2', RefreshToken: 'ref2', Expires: NOW_MS / 1000 + 3600 };
    const { client, fetch, headersOf, onSessionExpired } = makeClient({
      session: session(3000),
      responses: [apiError(401), json({ result: { AuthenticationResult: fresh } }), json({ result: 'ok' })],
    });
    await expect(client.get('/api/v1/vendors')).resolves.toEqual({ result: 'ok' });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/v1/login/extend');
    expect(headersOf(2).Authorization).toBe('Bearer acc2|idt2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('logs out when the refresh is refused, and when the refreshed session is rejected too', async () => {
    const refused = makeClient({ session: session(3000), responses: [apiError(401), apiError(401)] });
    await expect(refused.client.get('/api/v1/vendors')).rejects.toMatchObject({ status: 401 });
    expect(refused.onSessionExpired).toHaveBeenCalledOnce();

    const fresh = { AccessToken: 'acc2', IdToken: 'idt2', Expires: NOW_MS / 1000 + 3600 };
    const rejected = makeClient({
      session: session(3000),
      responses: [apiError(401), json({ result: { AuthenticationResult: fresh } }), apiError(401)],
    });
    await expect(rejected.client.get('/api/v1/vendors')).rejects.toMatchObject({ status: 401 });
    expect(rejected.onSessionExpired).toHaveBeenCalledOnce();
  });

  it('leaves a 401 without a session (a wrong password) to the caller', async () => {
    const { client, onSessionExpired, fetch } = makeClient({ session: null, responses: [apiError(401)] });
    await expect(client.post('/api/v1/login', {})).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('renewSession (a live socket closed with 4401)', () => {
  it('refreshes although the token is far from expiry, and says a session remains', async () => {
    const fresh = { AccessToken: 'acc2', IdToken: 'idt2', RefreshToken: 'ref2', Expires: NOW_MS / 1000 + 3600 };
    const {
      client,
      fetch,
      session: current,
    } = makeClient({
      session: session(3000),
      responses: [json({ result: { AuthenticationResult: fresh } })],
    });
    await expect(client.renewSession()).resolves.toBe(true);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/login/extend');
    expect(current()?.meta).toEqual(fresh);
  });

  it('logs out and says so when the refresh is refused (the session was revoked)', async () => {
    const { client, onSessionExpired } = makeClient({
      session: session(3000),
      responses: [apiError(401, 'NotAuthorizedException')],
    });
    await expect(client.renewSession()).resolves.toBe(false);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('asks nothing without a session to renew', async () => {
    const { client, fetch } = makeClient({ session: null, responses: [] });
    await expect(client.renewSession()).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
