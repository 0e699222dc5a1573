import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { shiftDate } from '../../testing/clock.ts';
import { orderCreateBody } from '../../testing/order-body.ts';
import { serverNow } from './clock.ts';

export { expect };

/**
 * Every page's clock reads the servers' time (00:30 in Karachi, playwright.config.ts) and then flows.
 * Playwright's own clock is not used: its Date breaks subclasses such as the time-zone dates the app
 * computes service hours with.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(shiftDate, serverNow() - Date.now());
    await use(context);
  },
});

type Catalogue = Record<string, unknown>;
const load = (locale: string): Catalogue =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../packages/domain/locales/${locale}.json`, import.meta.url)), 'utf8'),
  );
// The operator console's texts (its own catalogues, decision 171) are found under `console.` as in its pages.
const catalogues: Record<string, Catalogue> = {
  en: { ...load('en'), ...load('console/en') },
  ur_alt: { ...load('ur_alt'), ...load('console/ur_alt') },
};

/** The text a person sees for a translation key, so tests find things as users do. */
export function text(locale: 'en' | 'ur_alt', key: string, values: Record<string, string> = {}): string {
  let node: unknown = catalogues[locale];
  for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${locale} text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export const DEMO = {
  email: process.env.DEMO_EMAIL ?? 'demo@riderdesk.pk',
  password: process.env.DEMO_PASSWORD ?? 'Riderdesk#2026',
};

export async function logIn(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto('/connect');
  await page.getByLabel(text('en', 'login.email')).fill(email);
  await page.getByLabel(text('en', 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('en', 'login.submit') }).click();
  // The landing route then adds the branch to the URL: wait for it, so the next step acts on a settled page.
  await expect(page).toHaveURL(/\/request-a-rider\/[\w-]+/);
}

/**
 * A new user's first visit opens the welcome walkthrough (spec §2, shown once): journeys of a fresh account
 * skip it here before going on. The seeded demo merchant has seen it already.
 */
export async function skipWelcome(page: Page, locale: 'en' | 'ur_alt' = 'en'): Promise<void> {
  const walkthrough = page.getByRole('dialog', { name: text(locale, 'tour.welcome', { service: 'Riderdesk' }) });
  await expect(walkthrough).toBeVisible();
  // Remembered on the server before the journey moves on, or a navigation could cut the call short.
  const remembered = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/me/welcome') && response.request().method() === 'PUT',
  );
  await walkthrough.getByRole('button', { name: text(locale, 'tour.skip') }).click();
  await expect(walkthrough).toBeHidden();
  expect((await remembered).ok()).toBe(true);
}

export async function switchLanguage(page: Page, to: 'en' | 'ur_alt'): Promise<void> {
  // A navigation of the shell closes an open menu: open it again until the language is chosen.
  await expect(async () => {
    await page
      .getByRole('button', { name: /Language:|زبان/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: to === 'ur_alt' ? 'اردو' : 'English' }).click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', to === 'ur_alt' ? 'rtl' : 'ltr');
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Waits for an e-mail to an address whose text matches, newest first, from the development outbox. */
export async function waitForMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await answer.json()) as { result: { messages: OutboxMessage[] } };
      found = body.result.messages.find((message) => pattern.test(message.text));
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMessage;
}

/** The Authorization header of the session the page is logged in with, as the web app sends it. */
export async function sessionAuthorization(page: Page): Promise<string> {
  const authorization = await page.evaluate(() => {
    const session = JSON.parse(window.localStorage.getItem('riderdesk-session') ?? 'null') as {
      meta: { AccessToken: string; IdToken: string };
    } | null;
    return session ? `Bearer ${session.meta.AccessToken}|${session.meta.IdToken}` : '';
  });
  expect(authorization).not.toBe('');
  return authorization;
}

export const DEMO_VENDOR = 'pk-karachi-grill-clifton';
const OUTLET = { lat: 24.8021, lon: 67.03 };
const CUSTOMER = { lat: 24.8138, lon: 67.0402 };

/** Places an order the way the request page does: a signed fee quote, then the §3 create body. */
export async function placeOrder(
  request: APIRequestContext,
  authorization: string,
  options: { preorderedFor?: number } = {},
): Promise<string> {
  const headers = { authorization };
  const fee = await request.post('/api/v1/delivery/fee', {
    headers,
    data: { source: OUTLET, destination: CUSTOMER, vendor_id: DEMO_VENDOR, delivery_type: 'food' },
  });
  expect(fee.ok()).toBe(true);
  const quote = (await fee.json()).result as { fee: number; signature: string };
  const created = await request.post('/api/v1/order', {
    headers: { ...headers, 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
    data: {
      ...orderCreateBody({
        vendorId: DEMO_VENDOR,
        quote,
        destination: { lat: CUSTOMER.lat, lng: CUSTOMER.lon },
      }),
      // Unix seconds of a pre-order; null places it for now.
      preordered_for: options.preorderedFor ?? null,
    },
  });
  expect(created.ok()).toBe(true);
  return ((await created.json()).result as { order_id: string }).order_id;
}

/** The token of an order's public tracking link (spec §5), as the tracking page shares it. */
export async function trackingToken(request: APIRequestContext, authorization: string, orderId: string) {
  const answer = await request.get(`/api/v1/order?vendorId=${DEMO_VENDOR}&orderId=${encodeURIComponent(orderId)}`, {
    headers: { authorization },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()).result as { tracking_token: string }).tracking_token;
}
