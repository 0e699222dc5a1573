import type { Page } from '@playwright/test';
import { expect, test, text } from '../support/fixtures.ts';

// The start's failure is told in English: the translations may be what failed (app/app-load-failure.tsx).
const APP_LOAD_FAILURE = 'Could not load the application. Please check your internet connection and try again';

// The login page's own code chunk (the shell is in the entry and its static imports).
const LANDING_CHUNK = /\/assets\/landing-route-[\w-]+\.js$/;

/** Fails the landing chunk's first `failures` requests, as a dropped connection would. */
async function failLandingChunk(page: Page, failures: number) {
  let requests = 0;
  await page.route(LANDING_CHUNK, (route) => {
    requests += 1;
    return requests <= failures ? route.abort('connectionreset') : route.continue();
  });
  return { requests: () => requests };
}

test.describe('application load (spec §8)', () => {
  test('the loading indicator shows while the start waits, and the app-load banner replaces it when the start fails', async ({
    page,
  }) => {
    // The translations never arrive: the start gives up after its retries (spec §7) and says so (spec §8).
    await page.route(/\/translations\//, (route) => route.abort('connectionreset'));
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(APP_LOAD_FAILURE, { timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);

    await page.unroute(/\/translations\//);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
  });

  test('a page chunk that fails to load is retried, with the page loader shown meanwhile', async ({ page }) => {
    const chunk = await failLandingChunk(page, 2);
    await page.goto('/');
    // The shell is there (header and language picker) while the page itself waits for its retry.
    await expect(page.getByRole('status', { name: text('en', 'nav.loading-page') })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Language: English/ })).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible({ timeout: 15_000 });
    expect(chunk.requests()).toBe(3);
  });

  test('after 10 failed retries at 2000 ms the app-load banner shows, and closing it reloads', async ({ page }) => {
    await page.clock.install();
    const chunk = await failLandingChunk(page, Number.POSITIVE_INFINITY);
    await page.goto('/');
    // Each attempt fetches the chunk at least once (its modulepreload link may fetch it as well), and a
    // new attempt starts only when the 2 s have passed.
    let seen = 0;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await expect.poll(chunk.requests).toBeGreaterThan(seen);
      seen = chunk.requests();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.clock.runFor(2000);
    }
    await expect.poll(chunk.requests).toBeGreaterThan(seen);
    await expect(page.getByRole('alert')).toHaveText(text('en', 'error.app-load'));

    await page.unroute(LANDING_CHUNK);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
  });
});

test.describe('outdated build (spec §4)', () => {
  test('every 5 minutes the manifest is compared with the loaded scripts; a new build warns and reloads', async ({
    page,
  }) => {
    await page.clock.install();
    const manifestRequests: URL[] = [];
    let deployedEntry: string | null = null;
    await page.route(/\/\.vite\/manifest\.json/, async (route) => {
      manifestRequests.push(new URL(route.request().url()));
      const response = await route.fetch();
      const manifest = await response.json();
      if (deployedEntry) manifest['index.html'].file = deployedEntry;
      await route.fulfill({ response, json: manifest });
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
    // From here on the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1000);

    const firstCheck = page.waitForResponse(/\/\.vite\/manifest\.json/);
    await page.clock.runFor(300_000);
    await firstCheck;
    expect(manifestRequests).toHaveLength(1);
    expect(manifestRequests[0]?.searchParams.get('t')).toMatch(/^\d+$/);
    await expect(page.getByText(text('en', 'error.outdated-build'))).toHaveCount(0);

    deployedEntry = 'assets/index-NEWBUILD.js';
    await page.clock.runFor(300_000);
    await expect(page.getByText(text('en', 'error.outdated-build'))).toBeVisible();
    expect(manifestRequests).toHaveLength(2);
    const reloaded = page.waitForEvent('load');
    await page.clock.runFor(3000);
    await reloaded;
    await page.clock.resume();
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
  });
});
