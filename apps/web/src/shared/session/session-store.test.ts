import { beforeEach, describe, expect, it, vi } from 'vitest';
import { validSession } from '../../../test/fixtures.ts';

/** A page of its own: the session store as a newly opened document evaluates it, over the same storage. */
const openPage = async () => {
  vi.resetModules();
  return import('./session-store.ts');
};

describe('a session the server ended, across the pages of a tab', () => {
  beforeEach(() => window.localStorage.clear());

  it('is said by the next page too, when the page that found it navigates before its notice is seen', async () => {
    const before = await openPage();
    before.setSession(validSession());
    // The page that finds the session ended clears it and takes the notice for itself…
    before.expireSession();
    expect(before.takeSessionExpiry()).toBe(true);

    // …then the tab opens another page, which starts with no session at all.
    const after = await openPage();
    expect(after.getSession()).toBeNull();
    expect(after.takeSessionExpiry()).toBe(true);
    expect(after.takeSessionExpiry()).toBe(false);
  });

  it('is over at the next login, and is never said after the user logged out', async () => {
    const first = await openPage();
    first.setSession(validSession());
    first.expireSession();
    first.setSession(validSession());
    expect((await openPage()).takeSessionExpiry()).toBe(false);

    const leaving = await openPage();
    leaving.beginLogout();
    leaving.expireSession();
    expect(leaving.takeSessionExpiry()).toBe(false);
    expect((await openPage()).takeSessionExpiry()).toBe(false);
  });
});
