import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import {
  DEMO_VENDOR,
  expect,
  logIn,
  placeOrder,
  sessionAuthorization,
  switchLanguage,
  test,
  text,
  trackingToken,
} from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';

async function openLogin(page: Page, locale: Locale) {
  await page.goto('/');
  if (locale !== 'en') await switchLanguage(page, locale);
  await expect(page.getByRole('button', { name: text(locale, 'login.submit') })).toBeVisible();
}

async function openTrackedOrder(page: Page, locale: Locale) {
  await logIn(page);
  if (locale !== 'en') await switchLanguage(page, locale);
  const orderId = await placeOrder(page.request, await sessionAuthorization(page));
  await page.goto(`/order-tracking/${DEMO_VENDOR}?order_id=${encodeURIComponent(orderId)}`);
  await expect(
    page.getByRole('article', { name: text(locale, 'tracking.detail.label', { id: orderId }) }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: text(locale, 'tracking.live.connected') })).toBeVisible();
}

test.describe('accessibility (WCAG 2 A and AA, serious and critical)', () => {
  for (const locale of ['en', 'ur_alt'] as const) {
    test(`login page, ${locale}`, async ({ page }) => {
      await openLogin(page, locale);
      await expectNoSeriousViolations(page);
    });

    test(`tracking page with an order selected, ${locale}`, async ({ page }) => {
      await openTrackedOrder(page, locale);
      await expectNoSeriousViolations(page);
    });
  }

  test('register page', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('button', { name: text('en', 'register.submit') })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('forgot password page', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: text('en', 'forgot.submit') })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('request page with a destination chosen', async ({ page }) => {
    await logIn(page);
    const address = page.getByRole('textbox', { name: text('en', 'request.address.label') });
    await expect(address).toBeEnabled();
    await address.fill('Zamzama');
    await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
    await expect(page.getByRole('status', { name: text('en', 'request.quote.title') })).toContainText(/\d/);
    await expect(page.getByRole('form', { name: text('en', 'request.step.details') })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('public tracking page', async ({ page }) => {
    await logIn(page);
    const authorization = await sessionAuthorization(page);
    const token = await trackingToken(page.request, authorization, await placeOrder(page.request, authorization));
    await page.goto(`/tracking/${token}`);
    await expect(page.getByRole('list', { name: text('en', 'public.stages') })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
