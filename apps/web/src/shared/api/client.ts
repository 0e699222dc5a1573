import { RETRY_COUNT, RETRY_DELAY_MS, TOKEN_REFRESH_THRESHOLD_S } from '@riderdesk/domain/constants';
import { TokenSetSchema } from '@riderdesk/domain/contracts/auth';
import { z } from 'zod';
import {
  endGuestSession,
  expireSession,
  getSession,
  type Session,
  setSession as storeSession,
} from '../session/session-store.ts';
import { readStorage, STORAGE_KEYS } from '../storage.ts';
import { ApiRequestError, toApiRequestError } from './api-error.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** zod schema of the answer; the shared contracts keep browser and server in step. */
  schema?: z.ZodType<T>;
  /** Marks a non-idempotent request as safe to repeat (the server de-duplicates by key). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Number of retries after the first attempt; spec §9: 3 by default, 1 for address-book search. */
  retries?: number;
  /** Calls that must not trigger a token refresh (login, the refresh itself). */
  skipRefresh?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch. */
  now: () => number;
  readStorage: (key: string) => string | null;
  getSession: () => Session | null;
  setSession: (session: Session | null) => void;
  /** Called when a refresh fails: the user is logged out (spec §4). */
  onSessionExpired: () => void;
  /** Called when the server refuses the guest token: the guest session is cleared (spec §4). */
  onGuestSessionEnded: () => void;
}

const IDEMPOTENT_METHODS: readonly HttpMethod[] = ['GET', 'PUT', 'DELETE'];

/** spec §7: Authorization is GoDroid {t}, else Bearer {access}|{id}, else Bearer {stored guest token}. */
export function authorizationHeader(read: (key: string) => string | null, session: Session | null): string | null {
  const godroid = read(STORAGE_KEYS.godroidToken);
  if (godroid) return `GoDroid ${godroid}`;
  if (session?.meta.AccessToken && session.meta.IdToken) {
    return `Bearer ${session.meta.AccessToken}|${session.meta.IdToken}`;
  }
  const guest = read(STORAGE_KEYS.guestToken);
  if (guest) return `Bearer ${guest}`;
  return null;
}

/**
 * spec §7: retry on network errors, 429, and errors of idempotent requests
 * (GET/PUT/DELETE, or any request carrying an Idempotency-Key).
 */
export function isRetryable(error: unknown, method: HttpMethod, hasIdempotencyKey: boolean): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  if (error.status === null) return true;
  if (error.status === 429) return true;
  const idempotent = IDEMPOTENT_METHODS.includes(method) || hasIdempotencyKey;
  return idempotent && error.status >= 500;
}

const isUnauthorized = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

// Refresh answers may omit the refresh token; the current one is then kept (spec §7).
const ExtendAnswerLooseSchema = z.object({
  result: z.object({ AuthenticationResult: TokenSetSchema.partial({ RefreshToken: true }) }),
});

export function createApiClient(overrides: Partial<ApiClientDeps> = {}) {
  const deps: ApiClientDeps = {
    fetch: (...args) => globalThis.fetch(...args),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    readStorage,
    getSession,
    setSession: storeSession,
    onSessionExpired: expireSession,
    onGuestSessionEnded: endGuestSession,
    ...overrides,
  };

  let refreshing: Promise<void> | null = null;

  async function send(path: string, options: RequestOptions<unknown>): Promise<unknown> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const authorization = authorizationHeader(deps.readStorage, deps.getSession());
    if (authorization) headers.Authorization = authorization;

    let response: Response;
    try {
      response = await deps.fetch(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiRequestError({
        status: null,
        code: 'NETWORK_ERROR',
        message: cause instanceof Error ? cause.message : 'Network error',
      });
    }
    if (!response.ok) throw await toApiRequestError(response);
    if (response.status === 204) return undefined;
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  }

  async function refreshSession(session: Session): Promise<void> {
    try {
      const answer = await send('/api/v1/login/extend', {
        method: 'POST',
        body: { refresh_token: session.meta.RefreshToken },
      });
      const tokens = ExtendAnswerLooseSchema.parse(answer).result.AuthenticationResult;
      deps.setSession({
        user: session.user,
        meta: { ...tokens, RefreshToken: tokens.RefreshToken ?? session.meta.RefreshToken },
      });
    } catch {
      deps.onSessionExpired();
    }
  }

  /** spec §9: refresh when under 600 s to expiry, once for all requests waiting on it. */
  async function ensureFreshSession(): Promise<void> {
    const session = deps.getSession();
    if (!session) return;
    const secondsLeft = session.meta.Expires - deps.now() / 1000;
    if (secondsLeft >= TOKEN_REFRESH_THRESHOLD_S) return;
    if (!session.meta.RefreshToken) {
      deps.onSessionExpired();
      return;
    }
    refreshing ??= refreshSession(session).finally(() => {
      refreshing = null;
    });
    await refreshing;
  }

  /**
   * Refreshes now, whatever the expiry (the live socket was told its session ended), sharing a refresh under
   * way. True when a session remains to use; false without a refresh token or when the refresh failed (the
   * user is then logged out).
   */
  async function renewSession(): Promise<boolean> {
    const session = deps.getSession();
    if (!session?.meta.RefreshToken) return false;
    refreshing ??= refreshSession(session).finally(() => {
      refreshing = null;
    });
    await refreshing;
    return deps.getSession() !== null;
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    if (!options.skipRefresh) await ensureFreshSession();
    const method = options.method ?? 'GET';
    const retries = options.retries ?? RETRY_COUNT;
    let hasRenewed = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const body = await send(path, options);
        return options.schema ? options.schema.parse(body) : (body as T);
      } catch (error) {
        // spec §4: a session the server rejects (logged out elsewhere, revoked) is refreshed once; when the
        // refresh cannot fix it, the user is logged out and told so, instead of every screen failing.
        if (isUnauthorized(error) && !options.skipRefresh && deps.getSession() !== null) {
          if (hasRenewed) {
            deps.onSessionExpired();
            throw error;
          }
          hasRenewed = true;
          if (!(await renewSession())) {
            if (deps.getSession() !== null) deps.onSessionExpired();
            throw error;
          }
          attempt--;
          continue;
        }
        if (isUnauthorized(error) && deps.getSession() === null && deps.readStorage(STORAGE_KEYS.guestToken)) {
          if (!deps.readStorage(STORAGE_KEYS.godroidToken)) deps.onGuestSessionEnded();
        }
        if (attempt >= retries || !isRetryable(error, method, Boolean(options.idempotencyKey))) throw error;
        // spec §7: delay of 1 s times the attempt number.
        await deps.sleep(RETRY_DELAY_MS * (attempt + 1));
      }
    }
  }

  return {
    request,
    renewSession,
    get: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
    put: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
    delete: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The application's client; tests build their own with createApiClient. */
export const api = createApiClient();

export const API_BASE = '/api/v1';
