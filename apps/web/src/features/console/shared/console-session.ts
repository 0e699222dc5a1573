import { type ConsoleSession, OperatorSelfSchema } from '@riderdesk/domain/contracts/console-sign-in';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readStorage, writeStorage } from '../../../shared/storage.ts';

/**
 * The operator's console session in this browser (decision 171): its bearer token, its end, who it is. Kept apart
 * from the merchant's session (a merchant and an operator may be signed in side by side), under a key of its own.
 */
export const CONSOLE_SESSION_KEY = 'riderdesk-console-session';

const StoredSchema = z.object({ token: z.string().min(1), expiresAt: z.string(), operator: OperatorSelfSchema });
export type StoredConsoleSession = z.infer<typeof StoredSchema>;

/** Why the last session ended here: the sign-in page says so once. */
export type SessionEnd = 'expired' | 'signed-out';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredConsoleSession | null | undefined;
let lastEnd: SessionEnd | null = null;

function load(now: number): StoredConsoleSession | null {
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(readStorage(CONSOLE_SESSION_KEY) ?? 'null'));
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= now) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

const notify = () => {
  for (const listener of listeners) listener();
};

export function getConsoleSession(now = Date.now()): StoredConsoleSession | null {
  if (current === undefined) current = load(now);
  return current;
}

/** A signed-in operator's session, kept for the next calls and the other tabs. */
export function startConsoleSession(session: Pick<ConsoleSession, 'token' | 'expires_at' | 'operator'>): void {
  current = { token: session.token, expiresAt: session.expires_at, operator: session.operator };
  lastEnd = null;
  writeStorage(CONSOLE_SESSION_KEY, JSON.stringify(current));
  notify();
}

/** The session is over: signed out, or refused by the server (ended, deactivated, a new role, too long idle). */
export function endConsoleSession(reason: SessionEnd): void {
  if (getConsoleSession() === null) return;
  current = null;
  lastEnd = reason;
  writeStorage(CONSOLE_SESSION_KEY, null);
  notify();
}

/** Why the last session ended, said once. */
export function takeSessionEnd(): SessionEnd | null {
  const reason = lastEnd;
  lastEnd = null;
  return reason;
}

/** A sign-in or a sign-out in another tab reaches this one at once. */
export function followConsoleSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== CONSOLE_SESSION_KEY) return;
    const before = current ?? null;
    current = undefined;
    if (before && !getConsoleSession()) lastEnd = 'signed-out';
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function subscribeConsoleSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsoleSession(): StoredConsoleSession | null {
  return useSyncExternalStore(
    subscribeConsoleSession,
    () => getConsoleSession(),
    () => getConsoleSession(),
  );
}
