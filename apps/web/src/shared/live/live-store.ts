import type { BulkJobUpdate } from '@riderdesk/domain/contracts/live';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiRequestError } from '../api/api-error.ts';
import { api, authorizationHeader } from '../api/client.ts';
import { getSession } from '../session/session-store.ts';
import { readStorage } from '../storage.ts';
import { createLiveConnection, type LiveSocket, type LiveStatus, type LiveTicketResult } from './live-connection.ts';
import { requestLiveTicket } from './request-live-ticket.ts';

async function ticketForSocket(): Promise<LiveTicketResult> {
  if (!authorizationHeader(readStorage, getSession())) return { kind: 'no-session' };
  try {
    return { kind: 'ticket', ticket: (await requestLiveTicket(api)).result.ticket };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { kind: 'refused' };
    throw error;
  }
}

/** One connection for the whole tab; the app shell starts it, screens listen to it. */
export const liveConnection = createLiveConnection({
  // Read at call time so tests can stub the global WebSocket.
  createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
  requestTicket: ticketForSocket,
  // The API client's refresh: shared with requests refreshing at the same time, logs out when refused.
  renewSession: () => api.renewSession(),
  socketOrigin: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`,
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  now: () => Date.now(),
});

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveConnection.onStatusChange, liveConnection.getStatus, liveConnection.getStatus);
}

/** Subscribes for as long as the component lives; the handlers may change between renders. */
export function useLiveEvents(handlers: {
  onOrderUpdate?: (order: Order) => void;
  onBulkJobUpdate?: (update: BulkJobUpdate) => void;
  onReconnect?: () => void;
}): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const offOrder = liveConnection.onOrderUpdate((order) => latest.current.onOrderUpdate?.(order));
    const offBulkJob = liveConnection.onBulkJobUpdate((update) => latest.current.onBulkJobUpdate?.(update));
    const offReconnect = liveConnection.onReconnect(() => latest.current.onReconnect?.());
    return () => {
      offOrder();
      offBulkJob();
      offReconnect();
    };
  }, []);
}

/** Keeps the connection open while `isEnabled`, subscribed to `vendorId`. */
export function useLiveConnection(vendorId: string | null, isEnabled: boolean): void {
  useEffect(() => {
    if (!isEnabled) return;
    liveConnection.start();
    return () => liveConnection.stop();
  }, [isEnabled]);
  useEffect(() => {
    liveConnection.setVendor(isEnabled ? vendorId : null);
  }, [vendorId, isEnabled]);
}
