import { type Page, request as playwrightRequest } from '@playwright/test';
import { expect, skipWelcome, test, text, waitForMail } from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';

/** The destination, the details and cash on delivery, as in request-a-rider.spec.ts. */
async function sendToZamzama(page: Page, locale: Locale) {
  const say = (key: string) => text(locale, key);
  const address = page.getByRole('textbox', { name: say('request.address.label') });
  await expect(address).toBeEnabled();
  await address.fill('Zamzama');
  await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
  await expect(page.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);
  const details = page.getByRole('form', { name: say('request.step.details') });
  await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
  await details.getByLabel(say('request.form.phone.label')).pressSequentially('+92 300 1234567');
  await details.getByLabel(say('request.form.description')).fill('A wrapped gift');
  await details.getByLabel(say('request.form.amount')).fill('1500');
  await details.getByRole('button', { name: say('request.form.continue') }).click();
  const payment = page.getByRole('form', { name: say('request.step.payment') });
  // spec §6: no online payment for guests or partner apps.
  await expect(payment.getByRole('radio', { name: new RegExp(say('request.payment.ONLINE_PAYMENT')) })).toHaveCount(0);
  await payment.getByRole('radio', { name: new RegExp(say('request.payment.CASH_ON_DELIVERY')) }).check();
  await payment.getByRole('button', { name: say('request.submit') }).click();
  await expect(page.getByText(say('order.toast.pushed'))).toBeVisible();
  await expect(page).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=[\w-]+/);
  return new URL(page.url()).searchParams.get('order_id') as string;
}

test('a guest requests a rider, registers afterwards and still sees the order', async ({ page, baseURL }) => {
  // A whole journey: a proof of work, an order, a sign-up with its e-mail, a login.
  test.setTimeout(150_000);
  const say = (key: string) => text('en', key);
  await page.goto('/');
  await page.getByRole('button', { name: say('guest.checkout.start') }).click();
  await expect(page).toHaveURL(/\/request-a-rider\/guest-[0-9a-f]+/, { timeout: 30_000 });
  const guestVendor = new URL(page.url()).pathname.split('/').pop() as string;
  // spec §6: no branch selector and no bulk tab for a guest.
  await expect(page.getByRole('link', { name: say('nav.bulk') })).toHaveCount(0);

  // The pickup and the guest's contact: sent as the order's sender (spec §3).
  await expect(page.getByText(say('guest.contact.body'))).toBeVisible();
  await page.getByRole('textbox', { name: say('request.origin.search-label') }).fill('Bahadurabad');
  await page
    .getByRole('option', { name: /^Bahadurabad/ })
    .first()
    .click();
  await page.getByLabel(say('guest.contact.name')).fill('Sana Malik');
  await page.getByLabel(say('guest.contact.phone')).pressSequentially('0321 1234567');
  await page.getByLabel(say('guest.contact.email')).fill('sana@example.pk');
  await page.getByRole('button', { name: say('guest.contact.continue') }).click();
  const orderId = await sendToZamzama(page, 'en');
  await page.screenshot({ path: 'test-results/screens/guest-order-en-desktop.png', fullPage: true });

  // guest-orders keeps the order (spec §3); the later-register prompt follows the order, in the page.
  expect(await page.evaluate(() => window.localStorage.getItem('guest-orders'))).toContain(orderId);
  const prompt = page.getByRole('region', { name: say('guest.later-register.title') });
  await expect(prompt).toBeVisible();
  await page.getByRole('link', { name: say('guest.later-register.register') }).click();
  await expect(page).toHaveURL(/\/register$/);

  const email = `guest-${Date.now().toString(36)}@example.pk`;
  const password = 'Bahadurabad#2026';
  await page.getByText(say('register.type.npv')).click();
  await page.getByLabel(say('register.business-name')).fill('Sana Crafts');
  await page.getByLabel(say('register.mobile-number')).fill('+923211234567');
  await page.getByLabel(say('register.email')).fill(email);
  await page.getByLabel(say('register.password'), { exact: true }).fill(password);
  await page.getByLabel(say('register.confirm-password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: say('register.submit') }).click();
  await expect(page.getByText(say('register.check-email.title'))).toBeVisible();

  const api = await playwrightRequest.newContext({ baseURL });
  const mail = await waitForMail(api, email, /verify\?token=/);
  const link = new URL(mail.text.match(/https?:\/\/\S+verify\?token=[\w-]+/)?.[0] as string);
  await page.goto(link.pathname + link.search);
  await page.goto('/connect');
  await page.getByLabel(say('login.email')).fill(email);
  await page.getByLabel(say('login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: say('login.submit') }).click();
  await expect(page).toHaveURL(/\/request-a-rider/);
  await skipWelcome(page);
  // spec §4: a login clears the guest's orders from the browser; the account has them now.
  expect(await page.evaluate(() => window.localStorage.getItem('guest-orders'))).toBeNull();

  await page.goto(`/order-tracking/${guestVendor}?order_id=${orderId}`);
  await expect(page.getByText(orderId).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/guest-registered-en-desktop.png', fullPage: true });
});

test('a guest searches by phone only and sees no order of others @mobile', async ({ page }) => {
  const say = (key: string) => text('en', key);
  await page.goto('/');
  await page.getByRole('button', { name: say('guest.checkout.start') }).click();
  await expect(page).toHaveURL(/\/request-a-rider\/guest-[0-9a-f]+/, { timeout: 30_000 });
  const guestVendor = new URL(page.url()).pathname.split('/').pop() as string;
  await page.screenshot({ path: 'test-results/screens/guest-request-en-mobile.png', fullPage: true });
  await page.goto(`/order-tracking/${guestVendor}`);
  const search = page.getByRole('searchbox', { name: say('tracking.search.label') });
  await search.fill('pk-karachi-grill-clifton-1');
  await expect(page.getByText(say('guest.search.phone-only'))).toBeVisible();
  await search.fill('0300 1234567');
  await expect(page.getByText(say('guest.search.phone-only'))).toBeHidden();
});
