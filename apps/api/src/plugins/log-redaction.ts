import type { FastifyError, FastifyRequest } from 'fastify';
import { type LogFn, stdSerializers } from 'pino';

// Query strings carry credentials here (/live?authorization=…, /register/verify?token=…), and so do the
// user-info parts of connection URLs; a log line must never hand out something that opens a session.
const ABSOLUTE_URL = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/@?#"'<>]+@)?([^\s?#"'<>]*)(\?[^\s#"'<>]*)?/gi;
const PATH_WITH_QUERY = /(^|[\s"'(=:])(\/[^\s?#"'<>]*)\?[^\s#"'<>]*/g;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
// Path segments that are secrets themselves: an order's public tracking token opens its tracking page, its
// receipt and the customer's name (spec §2 /tracking, /delivery-receipt, /tracking-c2c, and the API calls
// behind them), and a voucher code is worth money. The segment after these prefixes is never logged.
const SECRET_PATH_SEGMENT =
  /(\/(?:api\/v1\/)?(?:public\/)?(?:tracking-c2c|tracking|delivery-receipt|voucher)\/)[^\s/?#"'<>]+/g;

/**
 * The text with the query strings and user-info of its URLs, their secret path segments (SECRET_PATH_SEGMENT)
 * and any JWT replaced by a marker.
 */
export function redactUrls(text: string): string {
  return text
    .replace(
      ABSOLUTE_URL,
      (_match, scheme: string, userInfo: string | undefined, rest: string, query: string | undefined) =>
        `${scheme}${userInfo ? '[redacted]@' : ''}${rest}${query ? '?[redacted]' : ''}`,
    )
    .replace(PATH_WITH_QUERY, '$1$2?[redacted]')
    .replace(SECRET_PATH_SEGMENT, '$1[redacted]')
    .replace(JWT, '[redacted-jwt]');
}

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

function redactDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrls(value);
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth - 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, depth - 1)]));
}

/** Fastify's logger serializers, with the request's query, its secret path segments and the secrets of error texts left out. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrls(pathOf(request.url)),
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
