/**
 * Whether an error means the database cannot be reached right now (restarting, shutting down, refusing
 * connections, the connection dropped mid-query), as opposed to a query that is wrong. Such a failure says
 * nothing about the request: the API answers 503 with Retry-After, and a retry with the same
 * Idempotency-Key either replays the committed answer or makes the order once.
 */

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: admin or crash shutdown, cannot
// connect now), and 53300 (too many connections).
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-4]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports a dropped socket with these messages and no code.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
