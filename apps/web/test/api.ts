import { type HttpHandler, http } from 'msw';
import { server } from './server.ts';

export type RecordedRequest = { method: string; url: URL; headers: Headers; body: unknown };

async function record(request: Request): Promise<RecordedRequest> {
  const text = await request.clone().text();
  return {
    method: request.method,
    url: new URL(request.url),
    headers: new Headers(request.headers),
    body: text ? JSON.parse(text) : undefined,
  };
}

/**
 * Answers this test's requests with `handlers` (ahead of the defaults) and records every request,
 * in order, before it is answered.
 */
export function mockApi(...handlers: HttpHandler[]) {
  const requests: RecordedRequest[] = [];
  const recorder = http.all('*', async ({ request }) => {
    requests.push(await record(request));
  });
  server.use(recorder, ...handlers);
  return {
    requests,
    /** The requests to `path` with a body (every method but GET). */
    sent: (path: string) => requests.filter((call) => call.method !== 'GET' && call.url.pathname === path),
  };
}
