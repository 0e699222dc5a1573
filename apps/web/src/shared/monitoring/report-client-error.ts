import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_STACK_MAX,
  type ClientErrorKind,
  type ClientErrorReport,
} from '@riderdesk/domain/contracts/client-errors';
import { API_BASE } from '../api/client.ts';
import { ChunkLoadError } from '../lazy/retry-import.ts';

export const CLIENT_ERRORS_PATH = `${API_BASE}/monitoring/client-errors`;
/** A page in an error loop sends a few reports, not one per frame; the server limits per address too. */
export const CLIENT_ERROR_REPORTS_PER_PAGE = 10;

/** Control characters but line breaks and tabs go, and the text is cut on a character, not within one. */
function fit(text: string, max: number): string {
  return Array.from(text.replace(/[^\t\n\r\P{Cc}]/gu, ''))
    .slice(0, max)
    .join('');
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return { message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

let sent = 0;
const alreadySent = new Set<string>();

/** Forgets what this page has sent (tests start each case afresh). */
export function resetClientErrorReports(): void {
  sent = 0;
  alreadySent.clear();
}

/**
 * spec §9: tells the API what went wrong in this page. Sent outside the API client (no token, no retry,
 * nothing that could fail into another report), at most CLIENT_ERROR_REPORTS_PER_PAGE times and once per
 * kind and message; a report that cannot be sent is dropped.
 */
export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  const { message, stack } = describe(error);
  const key = `${kind}:${message}`;
  if (sent >= CLIENT_ERROR_REPORTS_PER_PAGE || alreadySent.has(key)) return;
  sent += 1;
  alreadySent.add(key);
  const report: ClientErrorReport = {
    kind,
    message: fit(message, CLIENT_ERROR_MESSAGE_MAX) || kind,
    ...(stack ? { stack: fit(stack, CLIENT_ERROR_STACK_MAX) } : {}),
    // The path only: a query or fragment may hold a token (/connect?token=…).
    path: fit(window.location.pathname || '/', 512),
  };
  try {
    void fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch, or it threw at once: nothing more to do.
  }
}

/** Uncaught errors and unhandled rejections of the page; a chunk that failed every retry is named as such. */
export function installClientErrorReporting(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportClientError('error', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) =>
    reportClientError(event.reason instanceof ChunkLoadError ? 'chunk-load' : 'unhandled-rejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
