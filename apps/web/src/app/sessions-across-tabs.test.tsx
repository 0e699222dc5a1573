import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { validSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { getSession, setSession } from '../shared/session/session-store.ts';
import { STORAGE_KEYS } from '../shared/storage.ts';
import { RequireSession } from './guards.tsx';

const routes = [
  { path: '/', element: <p>Log in here</p> },
  {
    path: '/request-a-rider',
    element: (
      <RequireSession>
        <p>Request page</p>
      </RequireSession>
    ),
  },
];

/** What another tab of the same browser does to the stored session, as this tab hears it. */
function otherTabWrites(value: string | null) {
  const oldValue = window.localStorage.getItem(STORAGE_KEYS.session);
  act(() => {
    if (value === null) window.localStorage.removeItem(STORAGE_KEYS.session);
    else window.localStorage.setItem(STORAGE_KEYS.session, value);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.session, oldValue, newValue: value }));
  });
}

describe('one session across the tabs of a browser', () => {
  it('ends the session here at once when another tab logs out, and says so', async () => {
    setSession(validSession());
    await renderRoutes(routes, '/request-a-rider');
    expect(await screen.findByText('Request page')).toBeInTheDocument();

    otherTabWrites(null);
    expect(await screen.findByText('Log in here')).toBeInTheDocument();
    expect(await screen.findByText('You are now disconnected.')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('takes the tokens another tab renewed or logged in with', async () => {
    await renderRoutes(routes, '/request-a-rider');
    expect(await screen.findByText('Log in here')).toBeInTheDocument();

    const renewed = { ...validSession(), meta: { ...validSession().meta, AccessToken: 'renewed' } };
    otherTabWrites(JSON.stringify(renewed));
    expect(getSession()?.meta.AccessToken).toBe('renewed');
  });
});
