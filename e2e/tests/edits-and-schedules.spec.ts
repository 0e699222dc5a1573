import type { Page } from '@playwright/test';
import { e2eClock } from '../support/clock.ts';
import {
  expect,
  logIn,
  placeOrder,
  sessionAuthorization,
  test,
  text,
  DEMO_VENDOR as VENDOR,
} from '../support/fixtures.ts';
import { chooseDropOff, fillDetails, type Locale, logInIn } from '../support/request.ts';

// Whole journeys on a shared machine: room for slow first loads, no timed assertions.
test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 30_000 });

const SHOTS = '/tmp/shots/i32-orders';

/** Tomorrow at 14:30 in Karachi by the servers' clock, which starts at 00:30 there (support/clock.ts). */
function tomorrowAt1430(): number {
  const midnight = Date.parse(e2eClock().startAt) - 30 * 60_000;
  return Math.floor((midnight + (24 + 14.5) * 3_600_000) / 1000);
}

/** A pre-order for tomorrow is edited: a new receiver, its time moved by typing, and the schedule said. */
async function editScheduledOrder(page: Page, locale: Locale, device: string) {
  const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
  const orderId = await placeOrder(page.request, await sessionAuthorization(page), { preorderedFor: tomorrowAt1430() });
  await page.goto(`/request-a-rider/${VENDOR}?orderID=${encodeURIComponent(orderId)}`);
  await expect(page.getByRole('heading', { name: say('request.edit-title', { id: orderId }) })).toBeVisible();

  // The edit screen says when the order is scheduled, not when a delivery now would arrive.
  const quote = page.getByRole('status', { name: say('request.quote.title') });
  await expect(quote).toContainText('14:30', { timeout: 30_000 });
  await expect(quote).not.toContainText(say('request.quote.delivery', { time: '' }).trim());

  const details = page.getByRole('form', { name: say('request.step.details') });
  const name = details.getByLabel(say('request.form.customer-name'));
  await name.fill('Sana Mirza');
  const phone = details.getByLabel(say('request.form.phone.label'));
  await phone.fill('');
  await phone.pressSequentially('0321 7654321');
  await details.getByRole('button', { name: say('request.form.continue') }).click();

  // The time is the order's own and can be changed: typed 16, then 3 and 0, it is 16:30 tomorrow.
  const payment = page.getByRole('form', { name: say('request.step.payment') });
  await expect(payment.getByRole('radio', { name: say('request.time.later') })).toBeChecked();
  const hours = payment.getByRole('spinbutton', { name: say('request.time.hours') });
  const minutes = payment.getByRole('spinbutton', { name: say('request.time.minutes') });
  await expect(hours).toHaveValue('14');
  await expect(minutes).toHaveValue('30');
  await hours.click();
  await page.keyboard.type('16');
  await minutes.click();
  await page.keyboard.press('3');
  await page.keyboard.press('0');
  await expect(hours).toHaveValue('16');
  await expect(minutes).toHaveValue('30');
  await page.screenshot({ path: `${SHOTS}/edit-scheduled-${locale}-${device}.png`, fullPage: true });

  await payment.getByRole('button', { name: say('request.submit-update') }).click();
  await expect(page).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=/);
  const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
  await expect(detail).toContainText('Sana Mirza');
  await expect(detail).toContainText('16:30');
  await page.screenshot({ path: `${SHOTS}/edited-tracking-${locale}-${device}.png`, fullPage: true });
}

/** The sandbox processor's labels (apps/api payments/sandbox-routes.ts). */
const CARD_PAGE = {
  en: { number: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC' },
  ur_alt: { number: 'کارڈ نمبر', expiry: 'میعاد (مہینہ / سال)', cvc: 'سی وی سی' },
} as const;

/** A card whose 3-D Secure challenge fails: back to the request, filled in, with the card step open. */
async function failChallenge(page: Page, locale: Locale, device: string) {
  const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
  // The demo's main branch, which takes card payments.
  await page.goto('/request-a-rider/pk-karachi-grill');
  await chooseDropOff(page, locale);
  const payment = await fillDetails(page, locale, { phone: '0300 1234567' });
  await payment.getByRole('radio', { name: new RegExp(say('request.payment.ONLINE_PAYMENT')) }).check();
  await payment.getByLabel(say('request.card.name')).fill('Ayesha Khan');
  // The processor's own card fields and challenge page speak the page's language.
  const card = CARD_PAGE[locale];
  const fields = page.frameLocator(`iframe[title="${say('request.card.fields')}"]`);
  await fields.getByLabel(card.number).fill('4000 0084 0000 1629');
  await fields.getByLabel(card.expiry).fill('12 / 30');
  await fields.getByLabel(card.cvc).fill('123');
  await payment.getByRole('button', { name: say('request.submit') }).click();

  await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/challenge\//);
  // The issuer's page speaks the language it is asked in; either way the button authenticates.
  await page.getByRole('button', { name: /^(Authenticate|تصدیق کریں)$/ }).click();

  // No order was placed: the request is open again, filled in, with the reason and the card step.
  await expect(page).toHaveURL(/\/request-a-rider\/[\w-]+\?retry_order_id=/);
  const alert = page.getByRole('alert').filter({ hasText: say('request.payment-failed.title') });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText(say('error.payment.authentication-failed'));
  const again = page.getByRole('form', { name: say('request.step.payment') });
  await expect(again.getByRole('radio', { name: new RegExp(say('request.payment.ONLINE_PAYMENT')) })).toBeChecked({
    timeout: 30_000,
  });
  await expect(
    page.frameLocator(`iframe[title="${say('request.card.fields')}"]`).getByLabel(card.number),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payment-failed-${locale}-${device}.png`, fullPage: true });

  // And the failed order is in none of the lists.
  const retryId = new URL(page.url()).searchParams.get('retry_order_id') ?? '';
  expect(retryId).not.toBe('');
  const listed = await page.request.get('/api/v1/vendor/pk-karachi-grill/orders?count=200', {
    headers: { authorization: await sessionAuthorization(page) },
  });
  expect(listed.ok()).toBe(true);
  const ids = ((await listed.json()).result.data as { order_id: string }[]).map((order) => order.order_id);
  expect(ids).not.toContain(retryId);
}

test.describe('edits and schedules', () => {
  test('an edited pre-order keeps the new receiver and the typed time, in English', async ({ page }) => {
    await logIn(page);
    await editScheduledOrder(page, 'en', 'desktop');
  });

  test('the same in Urdu', async ({ page }) => {
    await logInIn(page, 'ur_alt');
    await editScheduledOrder(page, 'ur_alt', 'desktop');
  });

  test('a failed 3-D Secure returns to the filled request with the card step open', async ({ page }) => {
    await logIn(page);
    await failChallenge(page, 'en', 'desktop');
  });
});

/** The phone's menu holds the language; the choice is kept in the browser like the selector keeps it. */
async function inUrduOnAPhone(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('riderdesk-language', 'ur_alt'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an edited pre-order on a phone, in Urdu @mobile', async ({ page }) => {
    await logIn(page);
    await inUrduOnAPhone(page);
    await editScheduledOrder(page, 'ur_alt', 'phone');
  });

  test('a failed 3-D Secure on a phone, in Urdu @mobile', async ({ page }) => {
    await logIn(page);
    await inUrduOnAPhone(page);
    await failChallenge(page, 'ur_alt', 'phone');
  });
});
