import type { ApiCaller } from './workflows/api-caller.ts';

/** Revocations are announced on this channel (payload: the client id); every instance LISTENs to it. */
export const API_CLIENT_CHANGES_CHANNEL = 'api_client_changes';
/** How long a verified access token's caller is kept: a new outlet of the brand is seen within this. */
export const CALLER_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  caller: ApiCaller;
  until: number;
}

/**
 * The caller of an access token, kept for a short time so a call does not read its client from the database
 * (decision 161). Only while this instance hears revocations (LISTEN api_client_changes): a revocation empties
 * the client's entries on every instance, and while the listener is down nothing is kept, so a revoked client's
 * token is refused at once either way. A caller read from the database while a revocation was heard is not kept.
 */
export class CallerCache {
  readonly #entries = new Map<string, Entry>();
  #isListening = false;
  /** Moves on every revocation heard: a read begun before it does not fill the cache after it. */
  #generation = 0;

  get generation(): number {
    return this.#generation;
  }

  get(token: string, nowMs: number): ApiCaller | null {
    const entry = this.#entries.get(token);
    if (!entry) return null;
    if (entry.until > nowMs && this.#isListening) return entry.caller;
    this.#entries.delete(token);
    return null;
  }

  /** Keeps the caller of a token until `expiresAtMs` at the latest, when nothing was revoked since `generation`. */
  put(token: string, caller: ApiCaller, nowMs: number, expiresAtMs: number, generation: number): void {
    if (!this.#isListening || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, { caller, until: Math.min(nowMs + CALLER_CACHE_TTL_MS, expiresAtMs) });
  }

  /** A client was revoked (here or on another instance): its tokens are read from the database again. */
  forget(clientId: string): void {
    this.#generation++;
    for (const [token, entry] of this.#entries) if (entry.caller.clientId === clientId) this.#entries.delete(token);
  }

  /** The listener hears revocations (again): start from nothing, since some may have been missed. */
  listening(): void {
    this.#generation++;
    this.#entries.clear();
    this.#isListening = true;
  }

  /** The listener lost its connection: nothing is kept until it is back. */
  lost(): void {
    this.#isListening = false;
    this.#generation++;
    this.#entries.clear();
  }
}
