import { GuestChallengeAnswerSchema, GuestSessionAnswerSchema } from '@riderdesk/domain/contracts/guest';
import { solveProofOfWork } from '@riderdesk/domain/guest/proof-of-work';
import { useSyncExternalStore } from 'react';
import { API_BASE, api } from '../api/client.ts';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';

export { readGuestSession };

import { readGuestSession, subscribeSession } from './session-store.ts';

const guestListeners = new Set<() => void>();
const announce = () => {
  for (const listener of guestListeners) listener();
};
function subscribeGuest(listener: () => void) {
  guestListeners.add(listener);
  const unsubscribe = subscribeSession(listener);
  return () => {
    guestListeners.delete(listener);
    unsubscribe();
  };
}
const readGuestVendor = () => readGuestSession()?.vendorId ?? null;

/** The guest's vendor id while a guest session is valid, else null. */
export function useGuestVendorId(): string | null {
  return useSyncExternalStore(subscribeGuest, readGuestVendor, readGuestVendor);
}

async function sha256(input: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input)));
}

/**
 * Asks the server for a guest session (docs/decisions/080-guest-sessions.md): solves its proof-of-work
 * challenge, then stores the guest token. Answers the guest's vendor id.
 */
export async function startGuestSession(): Promise<string> {
  const { challenge, difficulty } = (
    await api.get(`${API_BASE}/guest/challenge`, { schema: GuestChallengeAnswerSchema, skipRefresh: true })
  ).result;
  const nonce = await solveProofOfWork(challenge, difficulty, sha256);
  const session = (
    await api.post(
      `${API_BASE}/guest/session`,
      { challenge, nonce },
      { schema: GuestSessionAnswerSchema, skipRefresh: true, retries: 0 },
    )
  ).result;
  writeStorage(STORAGE_KEYS.guestToken, session.token);
  announce();
  return session.vendor_id;
}

/** spec §3 guest-orders: the ids of the orders this browser placed as a guest. */
export function readGuestOrders(): string[] {
  const stored = readJson<unknown>(STORAGE_KEYS.guestOrders);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

export function addGuestOrder(orderId: string): void {
  const orders = readGuestOrders();
  if (!orders.includes(orderId)) writeStorage(STORAGE_KEYS.guestOrders, JSON.stringify([...orders, orderId]));
  announce();
}

/** The guest token whose orders a registration or login takes (spec §4); it travels as the Authorization header. */
export const guestTokenToHandOver = (): string | undefined =>
  readGuestSession() ? (readStorage(STORAGE_KEYS.guestToken) ?? undefined) : undefined;

const readGuestOrderCount = () => readGuestOrders().length;

/** How many orders this browser placed as a guest; changes when one is added. */
export function useGuestOrderCount(): number {
  return useSyncExternalStore(subscribeGuest, readGuestOrderCount, readGuestOrderCount);
}
