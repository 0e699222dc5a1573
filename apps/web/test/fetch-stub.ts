import { vi } from 'vitest';

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Routes fetch calls by "METHOD path" to handlers; anything else answers 404 in the ApiError shape. */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push({ method, url, init });
    const handler = routes[`${method} ${url}`];
    if (!handler) return json({ status: 404, code: 'NOT_FOUND', message: 'Not found', errors: [] }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
