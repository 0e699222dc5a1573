import { afterEach, describe, expect, it, vi } from 'vitest';

const page = vi.hoisted(() => ({ release: () => {}, preloadedFor: [] as string[] }));

vi.mock('./router.tsx', () => ({
  createAppRouter: () => ({ dispose: () => {} }),
  preloadPage: (pathname: string) => {
    page.preloadedFor.push(pathname);
    return new Promise<void>((resolve) => {
      page.release = resolve;
    });
  },
}));
vi.mock('./bootstrap.ts', () => ({
  loadApplication: async ({ onConfig }: { onConfig?: (config: unknown) => void }) => {
    onConfig?.({ mode: 'CLASSIC' });
    return { config: {}, i18n: {}, queryClient: {} };
  },
}));

const { startApp } = await import('./app.tsx');

describe('startApp', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it("renders nothing until the page's own code is here, so the first screen is never the page loader", async () => {
    window.history.replaceState(null, '', '/tracking/some-token');
    // Fake timers: the start's every task and timer is run out below, so all that is left is the page's code.
    vi.useFakeTimers();
    try {
      let started = false;
      const start = startApp().then((result) => {
        started = true;
        return result;
      });
      await vi.runAllTimersAsync();
      expect(page.preloadedFor).toEqual(['/tracking/some-token']);
      expect(started).toBe(false);
      page.release();
      await expect(start).resolves.toMatchObject({ status: 'SUCCESS' });
    } finally {
      vi.useRealTimers();
    }
  });
});
