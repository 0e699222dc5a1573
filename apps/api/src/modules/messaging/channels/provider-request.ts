import type { SendOutcome } from './channel.ts';

/** A provider's answer: its status and body as text (at most 64 KiB read). */
export interface ProviderAnswer {
  status: number;
  body: string;
}

// Errors that mean the request never left this machine or never reached the provider: safe to send again.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Sends one request to a provider with a time-out, and answers what came back, or the outcome when nothing
 * did: a refused connection was not sent (retryable); a time-out or a dropped connection may have been.
 */
export async function providerRequest(
  url: string,
  init: RequestInit,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<ProviderAnswer | Extract<SendOutcome, { kind: 'refused' | 'unknown' }>> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  try {
    const response = await fetch(url, { ...init, signal, redirect: 'manual' });
    const body = (await response.text()).slice(0, MAX_ANSWER_BYTES);
    return { status: response.status, body };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code && NOT_SENT_CODES.has(code)) return { kind: 'refused', isRetryable: true, error: `not sent: ${code}` };
    return { kind: 'unknown', error: `no answer: ${code ?? (error as Error).name}` };
  }
}

export const isAnswer = (value: unknown): value is ProviderAnswer =>
  typeof value === 'object' && value !== null && 'status' in value;

/**
 * A provider's HTTP refusal: 429 and the gateway errors (502, 503, 504) mean it took nothing and asks to be
 * tried again; any other 5xx may have taken the message, so it is not sent again; a 4xx is for good.
 */
export function refusalOf(
  answer: ProviderAnswer,
  error: string,
): Extract<SendOutcome, { kind: 'refused' | 'unknown' }> {
  if ([429, 502, 503, 504].includes(answer.status)) return { kind: 'refused', isRetryable: true, error };
  if (answer.status >= 500) return { kind: 'unknown', error };
  return { kind: 'refused', isRetryable: false, error };
}

/** JSON of a provider's answer, or null when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
