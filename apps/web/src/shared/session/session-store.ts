import type { AppMode } from '@riderdesk/domain/config';
import type { TokenSet } from '@riderdesk/domain/contracts/auth';
import { useSyncExternalStore } from 'react';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';

export interface SessionUser {
  id: string | null;
  email: string;
}

/** spec §3 Auth: user {id, email}; meta {AccessToken, IdToken, RefreshToken, Expires}. */
export interface Session {
  user: SessionUser;
  meta: TokenSet;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null | undefined;

function load(): Session | null {
  const stored = readJson<Session>(STORAGE_KEYS.session);
  if (!stored?.meta?.AccessToken || !stored.user?.email) return null;
  return stored;
}

export function getSession(): Session | null {
  if (current === undefined) current = load();
  return current;
}

export function setSession(session: Session | null): void {
  // A session after none is a login: what a logout or an expiry said is over.
  if (session && !getSession()) isLeaving = false;
  current = session;
  if (session) markDisconnected(false);
  writeStorage(STORAGE_KEYS.session, session ? JSON.stringify(session) : null);
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget the cached copy so the next read comes from storage (tests, other tabs). */
export function reloadSession(): void {
  current = undefined;
  for (const listener of listeners) listener();
}

/**
 * Follows the tabs of the same browser: a login, a logout or renewed tokens in one tab reach every other at
 * once (the storage event fires in the tabs that did not write). A session another tab ended is ended here as
 * the server ended it, so the guards send the user to log in and say why; nothing is sent with it meanwhile.
 */
export function followSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: another tab cleared the whole storage.
    if (event.key !== null && event.key !== STORAGE_KEYS.session && event.key !== STORAGE_KEYS.guestToken) return;
    const before = current === undefined ? null : current;
    current = undefined;
    const after = getSession();
    if (before && !after) markDisconnected(true);
    for (const listener of listeners) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The claims of a guest token the browser reads: spec §4 needs a numeric exp. */
function guestClaims(token: string): { exp: number; vendorId: string | null } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    if (typeof json.exp !== 'number' || !Number.isFinite(json.exp)) return null;
    return { exp: json.exp, vendorId: typeof json.vendor_id === 'string' ? json.vendor_id : null };
  } catch {
    return null;
  }
}

/**
 * spec §4: a guest session uses the stored guest token, whose exp must be numeric and in the future, or the
 * guest session is cleared. Answers the guest's vendor id, or null.
 */
export function readGuestSession(nowSeconds = Date.now() / 1000): { vendorId: string } | null {
  const token = readStorage(STORAGE_KEYS.guestToken);
  if (!token) return null;
  const claims = guestClaims(token);
  if (!claims || claims.exp <= nowSeconds || !claims.vendorId) {
    writeStorage(STORAGE_KEYS.guestToken, null);
    return null;
  }
  return { vendorId: claims.vendorId };
}

/**
 * spec §4: valid in GODROID or GUEST mode, or when a user exists and the token expiry is in the future; in
 * CLASSIC a guest checkout (GuestCheckout flag) is a session too while its guest token is valid.
 */
export function isSessionValid(session: Session | null, mode: AppMode, nowSeconds = Date.now() / 1000): boolean {
  if (mode === 'GODROID' || mode === 'GUEST') return true;
  if (session?.user && session.meta.Expires > nowSeconds) return true;
  return !session && readGuestSession(nowSeconds) !== null;
}

/** The server stopped honouring the guest token (handed over to an account, or expired). */
export function endGuestSession(): void {
  writeStorage(STORAGE_KEYS.guestToken, null);
  for (const listener of listeners) listener();
}

/** Logout and failed refresh both forget every credential the browser holds (spec §4). */
export function clearCredentials(): void {
  writeStorage(STORAGE_KEYS.guestToken, null);
  writeStorage(STORAGE_KEYS.guestOrders, null);
  setSession(null);
}

// A page opened after a session ended and before the next login (a navigation of the tab that found the
// session ended, whose own notice went with the page it was shown on, or a new tab) says it too.
const wasDisconnectedBefore = readStorage(STORAGE_KEYS.disconnected) !== null && !load();
let wasExpired = wasDisconnectedBefore;
let isDisconnected = wasDisconnectedBefore;
let isLeaving = false;

/** A session the server (or another tab) ended is said once by the snackbar and by the login form until a login. */
function markDisconnected(disconnected: boolean): void {
  wasExpired = disconnected;
  isDisconnected = disconnected;
  writeStorage(STORAGE_KEYS.disconnected, disconnected ? '1' : null);
}

/**
 * The user asked to log out. The server ends the session as it answers, so a request or the live socket may
 * meanwhile find it rejected: that is the logout's doing, which says "You are now disconnected." once itself,
 * not an expiry for the login form to repeat.
 */
export function beginLogout(): void {
  isLeaving = true;
}

/**
 * The server rejected the session and a refresh could not fix it: the credentials are forgotten, the next
 * reader of takeSessionExpiry says "You are now disconnected." (spec §4), and the login form says it until
 * the next login.
 */
export function expireSession(): void {
  if (!isLeaving) markDisconnected(true);
  clearCredentials();
}

const readDisconnected = () => isDisconnected;

/** True from a session the server ended until the next login. */
export function useWasDisconnected(): boolean {
  return useSyncExternalStore(subscribeSession, readDisconnected, readDisconnected);
}

/** True once after expireSession: whoever shows the notice takes it. */
export function takeSessionExpiry(): boolean {
  const expired = wasExpired;
  wasExpired = false;
  return expired;
}
