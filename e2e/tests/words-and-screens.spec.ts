import type { Page } from '@playwright/test';
import { DEMO, expect, switchLanguage, test, text, DEMO_VENDOR as VENDOR } from '../support/fixtures.ts';
import { chooseDropOff, fillDetails, type Locale, logInIn, requestWithCash } from '../support/request.ts';

const SHOTS = '/tmp/shots/i31-words';

async function shoot(page: Page, name: string, locale: Locale) {
  await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${page.viewportSize()?.width}.png`, fullPage: false });
}

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
}

for (const locale of ['en', 'ur_alt'] as const) {
  const say = (key: string, values?: Record<string, string>) => text(locale, key, values);

  test(`words and screens: login, FAQ, registration, the account popover and error reports (${locale})`, async ({
    page,
    request,
  }) => {
    // Login says that signing in accepts the terms (spec §5).
    await page.goto('/connect');
    if (locale === 'ur_alt') await switchLanguage(page, 'ur_alt');
    const login = page.getByRole('form', { name: say('login.title') });
    await expect(login).toContainText(say('login.terms-implied'));
    await expect(login.getByRole('link', { name: say('footer.terms') })).toHaveAttribute('href', '/termsandconditions');
    await atWidth(page, 1280);
    await shoot(page, 'login', locale);
    await atWidth(page, 390);
    await shoot(page, 'login', locale);
    await atWidth(page, 1280);

    // The FAQ has a page of its own, from the footer, for a visitor.
    const footer = page.getByRole('navigation', { name: say('footer.label') });
    await footer.getByRole('link', { name: say('faq.title') }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: say('faq.title') })).toBeVisible();
    await expect(page.locator('[data-article]').first()).toBeVisible();
    await shoot(page, 'faq', locale);
    await atWidth(page, 390);
    await shoot(page, 'faq', locale);
    await atWidth(page, 1280);

    // Registration asks for the password twice (spec §5 "the two passwords must match").
    await page.goto('/register');
    await page.getByLabel(say('register.password'), { exact: true }).fill('Riderdesk#2026');
    await page.getByLabel(say('register.confirm-password'), { exact: true }).fill('Riderdesk#2025');
    await page.getByRole('button', { name: say('register.submit') }).click();
    await expect(page.getByText(say('password.mismatch'))).toBeVisible();
    await shoot(page, 'register-mismatch', locale);

    // Log in in the page's language.
    await page.goto('/connect');
    await page.getByLabel(say('login.email')).fill(DEMO.email);
    await page.getByLabel(say('login.password'), { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: say('login.submit') }).click();
    await expect(page).toHaveURL(/\/request-a-rider\/[\w-]+/);

    // A branch the URL names that cannot be had is said, then the merchant's own opens (spec §8).
    await page.goto('/history/pk-no-such-branch');
    await expect(page.getByText(say('error.unable-to-fetch-vendor'))).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/history\/(?!pk-no-such-branch)[\w-]+$/);
    const branch = new URL(page.url()).pathname.split('/')[2] ?? '';
    await shoot(page, 'unknown-branch', locale);

    // The account popover holds the partner link and the help centre (spec §2).
    await page.getByRole('button', { name: say('account.open') }).click();
    const popover = page.getByRole('dialog').filter({ hasText: DEMO.email });
    // The partner sign-up link is configuration (LINK_PARTNER_SIGN_UP, decision 119); these servers set none.
    await expect(popover.getByRole('link', { name: say('account.partner') })).toHaveCount(0);
    const helpCentre = popover.getByRole('link', { name: say('account.help-centre') });
    await expect(helpCentre).toBeVisible();
    await shoot(page, 'account-popover', locale);
    await helpCentre.click();
    await expect(page).toHaveURL(new RegExp(`/helpcenter/${branch}$`));
    const panel = page.getByRole('dialog', { name: say('help-center.title') });
    await expect(panel.getByRole('link', { name: say('faq.title') })).toHaveAttribute('href', '/faq');
    await shoot(page, 'help-centre', locale);

    // On a phone the drawer holds the same links.
    await page.goto(`/order-tracking/${VENDOR}`);
    await atWidth(page, 390);
    await page
      .getByRole('button', { name: say('nav.open-menu') })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: say('nav.menu') });
    await expect(drawer.getByRole('link', { name: say('account.help-centre') })).toBeVisible();
    await expect(drawer.getByRole('link', { name: say('account.partner') })).toHaveCount(0);
    await shoot(page, 'drawer', locale);
    await atWidth(page, 1280);

    // The browser reports an uncaught error to the API, which counts it on /metrics (spec §9).
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/v1/monitoring/client-errors'));
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, `uncaught in the ${locale} journey`);
    expect((await reported).status()).toBe(204);
    const metrics = await (await request.get('/metrics')).text();
    expect(metrics).toMatch(/riderdesk_client_errors_total\{kind="error"\} [1-9]/);
  });
}

/** Every field and the text of the page run right to left, and nothing spills past the screen's edge. */
async function expectRightToLeft(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1366, 390]) {
  test(`a request and its tracking in Urdu, right to left (${width})`, async ({ page }) => {
    test.setTimeout(150_000);
    const locale = 'ur_alt';
    const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
    // The language menu is in the top bar at desktop width (in the drawer on a phone).
    await logInIn(page, locale);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.goto(`/request-a-rider/${VENDOR}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectRightToLeft(page);

    await chooseDropOff(page, locale);
    // The drop-off keeps the whole address, from its beginning, in the right-to-left page.
    await expect(page.getByRole('textbox', { name: say('request.address.label') })).toHaveValue(/^Zamzama Commercial/);
    const payment = await fillDetails(page, locale, { name: 'عائشہ خان', description: 'دو بریانی' });
    await expect(payment.getByRole('radio', { name: say('request.time.asap') })).toBeChecked();
    await shoot(page, 'urdu-request', locale);
    await page.screenshot({ path: `${SHOTS}/urdu-request-full-${width}.png`, fullPage: true });
    const orderId = await requestWithCash(page, locale);

    // Tracking: the new order's detail in Urdu, with its status and what the rider collects.
    const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
    await expect(detail).toBeVisible({ timeout: 30_000 });
    await expect(detail).toContainText('عائشہ خان');
    await expect(detail).toContainText(say('tracking.payment.collect'));
    await expectRightToLeft(page);
    await shoot(page, 'urdu-tracking', locale);
    await page.screenshot({ path: `${SHOTS}/urdu-tracking-full-${width}.png`, fullPage: true });
  });
}
