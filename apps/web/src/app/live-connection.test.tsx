import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api.ts';
import { validSession } from '../../test/fixtures.ts';
import { API, answer, apiError, liveTickets } from '../../test/handlers.ts';
import { FakeWebSocket } from '../../test/orders.ts';
import { SESSION_ENDED_CLOSE_CODE } from '../shared/live/live-connection.ts';
import { getSession, setSession } from '../shared/session/session-store.ts';
import { LiveConnection } from './live-connection.tsx';

/** The shell's live connection, open and subscribed, about to be told its session ended. */
async function openConnection() {
  // The shell renders it inside the app's query client (its flags are read again on a live change).
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LiveConnection vendorId="v-1" isEnabled />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.instances[0];
  if (!socket) throw new Error('no socket opened');
  act(() => socket.open());
  return socket;
}

beforeEach(() => {
  setSession(validSession());
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

describe('the live connection after the server ends its session (4401)', () => {
  it('refreshes the login through the API client and reconnects with the new tokens', async () => {
    const fresh = { AccessToken: 'access2', IdToken: 'id2', Expires: Math.floor(Date.now() / 1000) + 3600 };
    const tickets = liveTickets();
    const { requests: calls } = mockApi(
      tickets.handler,
      http.post(`${API}/login/extend`, () => answer({ AuthenticationResult: fresh })),
    );
    const socket = await openConnection();
    expect(tickets.tokenOf(socket)).toBe('Bearer access|id');

    act(() => socket.drop(SESSION_ENDED_CLOSE_CODE));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/v1/live/ticket',
      'POST /api/v1/login/extend',
      'POST /api/v1/live/ticket',
    ]);
    expect(calls[1]?.body).toEqual({ refresh_token: 'refresh' });
    expect(tickets.tokenOf(FakeWebSocket.instances[1])).toBe('Bearer access2|id2');
  });

  it('stays closed, and the user is logged out, when the refresh is refused', async () => {
    const { requests: calls } = mockApi(
      liveTickets().handler,
      http.post(`${API}/login/extend`, () => apiError(401, 'NotAuthorizedException', 'error.session-revoked')),
    );
    const socket = await openConnection();

    act(() => socket.drop(SESSION_ENDED_CLOSE_CODE));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/v1/live/ticket',
      'POST /api/v1/login/extend',
    ]);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
