import type { FastifyError, FastifyRequest } from 'fastify';
import { type LogFn, stdSerializers } from 'pino';

// Query strings carry credentials here (/live?authorization=…, /register/verify?token=…), and so do the
// user-info parts of connection URLs; a log line must never hand out something that opens a session.
const ABSOLUTE_URL = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/@?#"'<>]+@)?([^\s?#"'<>]*)(\?[^\s#"'<>]*)?/gi;
const PATH_WITH_QUERY = /(^|[\s"'(=:])(\/[^\s?#"'<>]*)\?[^\s#"'<>]*/g;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/** The text with the query strings and user-info of its URLs, and any JWT, replaced by a marker. */
export function redactUrls(text: string): string {
  return text
    .replace(
      ABSOLUTE_URL,
      (_match, scheme: string, userInfo: string | undefined, rest: string, query: string | undefined) =>
        `${scheme}${userInfo ? '[redacted]@' : ''}${rest}${query ? '?[redacted]' : ''}`,
    )
    .replace(PATH_WITH_QUERY, '$1$2?[redacted]')
    .replace(JWT, '[redacted-jwt]');
}

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

function redactDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrls(value);
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth - 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, depth - 1)]));
}

/** Fastify's logger serializers, with the request's query and the secrets of error texts left out. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: pathOf(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: FastifyError) =>
    redactDeep(stdSerializers.err(error), 4) as { type: string; message: string; stack: string },
};

/** Messages are redacted as well: Fastify writes some URLs into plain text (e.g. a reply sent twice). */
export const logHooks = {
  logMethod(this: unknown, args: Parameters<LogFn>, method: LogFn): void {
    const redacted = args.map((arg) => (typeof arg === 'string' ? redactUrls(arg) : arg)) as Parameters<LogFn>;
    method.apply(this, redacted);
  },
};
