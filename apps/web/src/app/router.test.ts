import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

// Each page module records that its chunk was asked for.
const imported = vi.hoisted(() => new Set<string>());
vi.mock('./pages/landing-route.tsx', () => {
  imported.add('landing');
  return { LandingRoute: () => null };
});
const dataAskedFor = vi.hoisted(() => [] as unknown[][]);
const preloadOrderData = vi.hoisted(() =>
  vi.fn(async (...args: unknown[]) => {
    dataAskedFor.push(args);
  }),
);
vi.mock('./pages/public-order-route.tsx', () => {
  imported.add('public-order');
  return {
    PublicOrderRoute: () => null,
    preloadPublicOrder: preloadOrderData,
  };
});
vi.mock('./pages/order-tracking-route.tsx', () => {
  imported.add('order-tracking');
  return { OrderTrackingRoute: () => null };
});
vi.mock('./pages/history-route.tsx', () => {
  imported.add('history');
  return { HistoryRoute: () => null };
});
vi.mock('./layout/app-layout.tsx', () => {
  imported.add('app-layout');
  return { AppLayout: () => null };
});

const { PAGE_DATA_WAIT_MS, preloadPage } = await import('./router.tsx');

// One module registry for the file: each case adds to what the earlier ones loaded.
describe('preloadPage: the first page’s code is fetched while the shell loads its data', () => {
  it('fetches the public tracking page for a customer’s link', async () => {
    preloadPage('/tracking/some-token', false);
    await vi.waitFor(() => expect(imported).toContain('public-order'));
    expect([...imported]).toEqual(['public-order']);
  });

  it('fetches nothing for a signed-in user on the login page, who is sent on to the portal', async () => {
    // preloadPage settles once every chunk it asked for is here.
    await preloadPage('/', true);
    expect(imported).not.toContain('landing');
  });

  it('fetches the login page, not the portal page, for a visitor without a session', async () => {
    await preloadPage('/order-tracking/pk-1', false);
    expect(imported).toContain('landing');
    expect(imported).not.toContain('order-tracking');
    expect(imported).not.toContain('app-layout');
  });

  it('asks for a public order page’s data with its code, and settles when both are here', async () => {
    const queryClient = new QueryClient();
    await preloadPage('/delivery-receipt/some-token', false, queryClient);
    expect(dataAskedFor).toEqual([[queryClient, 'receipt', { orderID: 'some-token' }]]);
  });

  it('waits for a page’s data at most PAGE_DATA_WAIT_MS: a slow API leaves the page to show it loading', async () => {
    vi.useFakeTimers();
    try {
      const slow = preloadOrderData.mockImplementationOnce(() => new Promise<void>(() => {}));
      let settled = false;
      const preloaded = preloadPage('/tracking/slow-token', false, new QueryClient()).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(PAGE_DATA_WAIT_MS - 1);
      expect(slow).toHaveBeenCalled();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await preloaded;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches the signed-in shell and the page for a merchant with a session', async () => {
    preloadPage('/history/pk-1', true);
    await vi.waitFor(() => expect(imported).toContain('history'));
    expect(imported).toContain('app-layout');
  });
});
