import type { Page } from '@playwright/test';
import { serverNow } from '../support/clock.ts';
import {
  DEMO,
  expect,
  logIn,
  placeOrder,
  sessionAuthorization,
  switchLanguage,
  test,
  text,
  trackingToken,
  DEMO_VENDOR as VENDOR,
} from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';

// Whole journeys on a shared machine: room for slow first loads, no timed assertions.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });

/** The amount the rider collects as the request's summary says it, then as tracking says it. */
async function requestScheduledOrder(page: Page, locale: Locale) {
  const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
  await page.goto(`/request-a-rider/${VENDOR}`);
  const address = page.getByRole('textbox', { name: say('request.address.label') });
  await expect(address).toBeEnabled({ timeout: 30_000 });
  await address.fill('Zamzama');
  await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();

  // The quote names each figure: the rider at the branch, the delivery as a time, the trip's length.
  const quote = page.getByRole('status', { name: say('request.quote.title') });
  await expect(quote).toContainText(new RegExp(say('request.quote.pickup', { minutes: '\\d+' })));
  await expect(quote).toContainText(/\d{2}:\d{2}/);
  await expect(quote).toContainText(locale === 'en' ? /Trip \d+(\.\d)? km/ : /کلومیٹر/);

  const details = page.getByRole('form', { name: say('request.step.details') });
  await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
  await details.getByLabel(say('request.form.phone.label')).pressSequentially('0300 1234567');
  // Digits only, grouped as typed: an exponent and letters do not get in.
  const amount = details.getByRole('textbox', { name: new RegExp(`^${say('request.form.amount')}`) });
  await amount.pressSequentially('1e8x50');
  await expect(amount).toHaveValue('1,850');
  await details.getByRole('button', { name: say('request.form.continue') }).click();

  const payment = page.getByRole('form', { name: say('request.step.payment') });
  await payment.getByRole('radio', { name: new RegExp(say('request.payment.CASH_ON_DELIVERY')) }).check();
  await payment.getByText(say('request.time.later')).click();
  // The first open slot, not midnight; then 1430 typed is 14:30.
  const hours = payment.getByRole('spinbutton', { name: say('request.time.hours') });
  const minutes = payment.getByRole('spinbutton', { name: say('request.time.minutes') });
  await expect(hours).not.toHaveValue('00');
  await hours.click();
  await page.keyboard.type('1430');
  await expect(hours).toHaveValue('14');
  await expect(minutes).toHaveValue('30');

  // One rule for the money: the summary's amount to collect is the item plus the fee the customer pays.
  const summary = page.getByRole('complementary', { name: say('request.summary.title') });
  await expect(summary).toContainText(say('request.payment-summary.fee-paid-by.customer'));
  const collectRow = summary.getByText(say('request.payment-summary.collect')).locator('..');
  const collect = (await collectRow.innerText()).replace(say('request.payment-summary.collect'), '').trim();
  expect(collect).toMatch(locale === 'en' ? /^PKR\s1,9\d\d$/ : /^1,9\d\d\sروپے$/);
  await page.screenshot({ path: `test-results/screens/request-summary-${locale}.png`, fullPage: true });

  await payment.getByRole('button', { name: say('request.submit') }).click();
  await expect(page.getByText(say('order.toast.pushed'))).toBeVisible();
  await expect(page).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=[\w-]+/);
  const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';

  // Tracking says the same amount, the schedule instead of "no rider", and the day in the list.
  const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
  await expect(detail).toContainText(collect);
  await expect(detail).toContainText(say('tracking.payment.fee-paid-by.customer'));
  await expect(detail).not.toContainText(say('tracking.detail.no-rider'));
  await expect(detail).toContainText('14:30');
  await expect(detail.getByRole('link', { name: '0300 1234567' })).toBeVisible();
  const row = page
    .getByRole('region', { name: say('tracking.section.scheduled') })
    .getByRole('button', { name: new RegExp(orderId) });
  await expect(row).toContainText(say('tracking.item.due', { day: say('tracking.day.today'), time: '14:30' }));
  await page.screenshot({ path: `test-results/screens/tracking-scheduled-${locale}.png`, fullPage: true });
  return { orderId, collect };
}

test.describe('money and time', () => {
  test('a scheduled order: one amount to collect, a typed time from the first open slot, its day in the list', async ({
    page,
  }) => {
    await logIn(page);
    await requestScheduledOrder(page, 'en');
  });

  test('the same in Urdu, right to left, with one currency form', async ({ page }) => {
    await logIn(page);
    await switchLanguage(page, 'ur_alt');
    await requestScheduledOrder(page, 'ur_alt');
  });
});

test.describe('sessions and navigation', () => {
  test('a session ended elsewhere returns to login with "You are now disconnected."', async ({ page }) => {
    await logIn(page);
    const authorization = await sessionAuthorization(page);
    // Logging out from another device ends this session on the server.
    expect((await page.request.post('/api/v1/logout', { headers: { authorization }, data: {} })).ok()).toBe(true);
    await page.goto(`/order-tracking/${VENDOR}`);
    // Said by the snackbar and, until the next login, above the login form.
    await expect(page.getByRole('status').filter({ hasText: text('en', 'auth.disconnected') })).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
    await expect(page.getByText(text('en', 'tracking.live.offline'))).toHaveCount(0);
  });

  test('empty login and reset fields are the user’s mistake, not ours', async ({ page }) => {
    await page.goto('/connect');
    await page.getByRole('button', { name: text('en', 'login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('en', 'validation.field.email_address'));
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: text('en', 'forgot.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('en', 'validation.field.email_address'));
  });

  test('switching branch mid-request asks first; each page has its own title; no partner sign-up for a partner', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto(`/request-a-rider/${VENDOR}`);
    await expect(page).toHaveTitle(`${text('en', 'page-title.request')} · Riderdesk`);
    const address = page.getByRole('textbox', { name: text('en', 'request.address.label') });
    await expect(address).toBeEnabled({ timeout: 30_000 });
    await address.fill('Zamzama');
    await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
    const details = page.getByRole('form', { name: text('en', 'request.step.details') });
    await details.getByLabel(text('en', 'request.form.customer-name')).fill('Ayesha Khan');

    const chooseBranch = async () => {
      await page.getByRole('button', { name: text('en', 'branch.choose') }).click();
      await page.getByRole('radio', { name: /Karachi Grill House — DHA Phase 6/ }).click();
    };
    await chooseBranch();
    const ask = page.getByRole('dialog', { name: text('en', 'request.leave.title') });
    await expect(ask).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/request-leave-en.png' });
    await ask.getByRole('button', { name: text('en', 'request.leave.stay') }).click();
    await expect(page).toHaveURL(new RegExp(`/request-a-rider/${VENDOR}$`));
    await expect(details.getByLabel(text('en', 'request.form.customer-name'))).toHaveValue('Ayesha Khan');

    await chooseBranch();
    await ask.getByRole('button', { name: text('en', 'request.leave.discard') }).click();
    await expect(page).toHaveURL(/\/request-a-rider\/pk-karachi-grill-dha6$/);
    await expect(page.getByRole('textbox', { name: text('en', 'request.address.label') })).toHaveValue('');

    await page
      .getByRole('navigation', { name: text('en', 'nav.label') })
      .getByRole('link', { name: text('en', 'nav.history') })
      .click();
    await expect(page).toHaveTitle(`${text('en', 'page-title.history')} · Riderdesk`);
    await page.getByRole('button', { name: text('en', 'account.open') }).click();
    await expect(page.getByText(DEMO.email)).toBeVisible();
    await expect(page.getByRole('link', { name: text('en', 'account.partner') })).toHaveCount(0);
  });

  test('the last branch is remembered, and a parent lists its outlets’ orders', async ({ page }) => {
    await logIn(page);
    const authorization = await sessionAuthorization(page);
    const orderId = await placeOrder(page.request, authorization);
    // The parent: its outlets' orders are there without looking for "Include all outlets".
    await page.goto('/order-tracking/pk-karachi-grill');
    await expect(page.getByRole('button', { name: new RegExp(orderId) })).toBeAttached({ timeout: 30_000 });

    await page.goto(`/order-tracking/${VENDOR}`);
    await expect(page.getByRole('button', { name: new RegExp(orderId) })).toBeAttached({ timeout: 30_000 });
    await page.goto('/order-tracking');
    await expect(page).toHaveURL(new RegExp(`/order-tracking/${VENDOR}`));
  });
});

test.describe('words and places', () => {
  test('an address out of the branch’s area says why and offers the branch that delivers there', async ({ page }) => {
    await logIn(page);
    await page.goto(`/request-a-rider/${VENDOR}`);
    const address = page.getByRole('textbox', { name: text('en', 'request.address.label') });
    await expect(address).toBeEnabled({ timeout: 30_000 });
    await address.fill('Gulshan-e-Iqbal');
    await page.getByRole('option', { name: /^Gulshan-e-Iqbal,/ }).click();
    const help = page.getByTestId('out-of-area');
    await expect(help).toContainText(/This address is \d+(\.\d)? km from .*, which delivers within 8 km\./);
    await expect(help.getByRole('link', { name: /Request from Karachi Grill House — Gulshan-e-Iqbal/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/out-of-area-en.png', fullPage: true });
  });

  test('cancelling says so; a cancelled order gives its reason; the terms match the rules', async ({ page }) => {
    await logIn(page);
    const authorization = await sessionAuthorization(page);
    // Scheduled three hours ahead: no rider accepts it during the test, so cancel is offered.
    const orderId = await placeOrder(page.request, authorization, {
      preorderedFor: Math.floor(serverNow() / 1000) + 3 * 3600,
    });
    await page.goto(`/order-tracking/${VENDOR}?order_id=${encodeURIComponent(orderId)}`);
    const detail = page.getByRole('article', { name: text('en', 'tracking.detail.label', { id: orderId }) });
    await detail.getByRole('button', { name: text('en', 'tracking.cancel.button') }).click();
    const dialog = page.getByRole('dialog', { name: text('en', 'cancel.title') });
    await dialog.getByRole('combobox', { name: text('en', 'tracking.cancel.reason') }).click();
    await page.getByRole('option', { name: text('en', 'cancel.reason.duplicate_order') }).click();
    await dialog.getByRole('button', { name: text('en', 'tracking.cancel.confirm') }).click();
    await expect(page.getByText(text('en', 'action.attempt-cancel'))).toBeVisible();
    await expect(
      detail.getByText(
        text('en', 'tracking.detail.no-rider-cancelled', { reason: text('en', 'cancel.reason.duplicate_order') }),
      ),
    ).toBeVisible();

    await page.goto('/termsandconditions');
    await expect(page.getByText(text('en', 'terms.cancellation.body'))).toBeVisible({ timeout: 30_000 });
  });

  test('the public page and receipt show the area and city, never the flat', async ({ page }) => {
    await logIn(page);
    const authorization = await sessionAuthorization(page);
    const orderId = await placeOrder(page.request, authorization);
    const token = await trackingToken(page.request, authorization, orderId);
    await page.goto(`/tracking/${token}`);
    await expect(page.getByText('Khayaban-e-Ittehad, DHA Phase 6')).toBeVisible();
    await expect(page.getByText(/Sea Breeze/)).toHaveCount(0);
  });
});

test.describe('screens on a phone @mobile', () => {
  for (const locale of ['en', 'ur_alt'] as const) {
    test(`request and tracking fit a phone (${locale})`, async ({ page }) => {
      await page.goto('/connect');
      await page.getByLabel(text('en', 'login.email')).fill(DEMO.email);
      await page.getByLabel(text('en', 'login.password'), { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: text('en', 'login.submit') }).click();
      await expect(page).toHaveURL(/\/request-a-rider/);
      // The language as the picker stores it; the next page load reads it.
      if (locale === 'ur_alt') await page.evaluate(() => window.localStorage.setItem('riderdesk-language', 'ur_alt'));
      await page.goto(`/request-a-rider/${VENDOR}`);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ur_alt' ? 'rtl' : 'ltr');
      const address = page.getByRole('textbox', { name: text(locale, 'request.address.label') });
      await expect(address).toBeEnabled({ timeout: 30_000 });
      await address.fill('Zamzama');
      await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
      await expect(page.getByRole('status', { name: text(locale, 'request.quote.title') })).toBeVisible();
      const details = page.getByRole('form', { name: text(locale, 'request.step.details') });
      await details
        .getByRole('textbox', { name: new RegExp(`^${text(locale, 'request.form.amount')}`) })
        .pressSequentially('25000');
      await page.screenshot({ path: `test-results/screens/request-mobile-${locale}.png`, fullPage: true });
      await page.goto(`/order-tracking/${VENDOR}`);
      await page.screenshot({ path: `test-results/screens/tracking-mobile-${locale}.png`, fullPage: true });
    });
  }
});
