import { type Page, request as playwrightRequest } from '@playwright/test';
import { expect, skipWelcome, test, text, waitForMail } from '../support/fixtures.ts';
import { chooseDropOff, fillDetails, type Locale, requestWithCash } from '../support/request.ts';

/** The destination, the details and cash on delivery, as in request-a-rider.spec.ts. */
async function sendToZamzama(page: Page, locale: Locale) {
  const say = (key: string) => text(locale, key);
  await chooseDropOff(page, locale);
  const payment = await fillDetails(page, locale, { description: 'A wrapped gift' });
  // spec §6: no online payment for guests or partner apps.
  await expect(payment.getByRole('radio', { name: new RegExp(say('request.payment.ONLINE_PAYMENT')) })).toHaveCount(0);
  return requestWithCash(page, locale);
}

/** The guest's pickup (Bahadurabad) and contact, sent with the order as its sender (spec §3). */
async function givePickup(page: Page, locale: Locale) {
  const say = (key: string) => text(locale, key);
  await page.getByRole('textbox', { name: say('request.origin.search-label') }).fill('Bahadurabad');
  await page
    .getByRole('option', { name: /^Bahadurabad/ })
    .first()
    .click();
  await page.getByLabel(say('guest.contact.name')).fill('Sana Malik');
  await page.getByLabel(say('guest.contact.phone')).pressSequentially('0321 1234567');
  await page.getByLabel(say('guest.contact.email')).fill('sana@example.pk');
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
  await givePickup(page, 'en');
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

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

/** Two boxes on the page overlap. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

for (const locale of ['en', 'ur_alt'] as const satisfies readonly Locale[]) {
  for (const width of [1366, 390]) {
    test(`a guest order end to end: "Guest order", the prompt beside the tracking, the pickup remembered (${locale}, ${width})`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.addInitScript((language) => window.localStorage.setItem('riderdesk-language', language), locale);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ur_alt' ? 'rtl' : 'ltr');
      await page.getByRole('button', { name: say('guest.checkout.start') }).click();
      await expect(page).toHaveURL(/\/request-a-rider\/guest-[0-9a-f]+/, { timeout: 30_000 });

      // The guest is called a guest order, never by the guest vendor's id or its name "guest".
      await expect(page.getByText(say('guest.header')).locator('visible=true').first()).toBeVisible();
      await expect(page.getByText(/guest-[0-9a-f]{4}/)).toHaveCount(0);
      await givePickup(page, locale);
      await page.screenshot({ path: `${SHOTS}/guest-pickup-${locale}-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: say('guest.contact.continue') }).click();
      const orderId = await sendToZamzama(page, locale);

      // "Keep your orders" sits beside the live tracking of the order just placed, never over it.
      const prompt = page.getByRole('region', { name: say('guest.later-register.title') });
      await expect(prompt).toBeVisible();
      const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
      await expect(detail).toBeVisible();
      // The pickup is the guest's own place, shown without the guest session's vendor id.
      await expect(detail.getByText('Sana Malik')).toBeVisible();
      await expect(detail.getByText(/guest-[0-9a-f]{4}/)).toHaveCount(0);
      // Measured once the page has settled: the tracking's map and sections may still move it as they load.
      await expect
        .poll(async () => {
          const [promptBox, detailBox] = [await prompt.boundingBox(), await detail.boundingBox()];
          return promptBox !== null && detailBox !== null && !overlap(promptBox, detailBox);
        })
        .toBe(true);
      await page.screenshot({ path: `${SHOTS}/guest-tracking-${locale}-${width}.png` });
      await page.screenshot({ path: `${SHOTS}/guest-tracking-${locale}-${width}-full.png`, fullPage: true });

      // The next request offers the pickup and contact given last time.
      await page.goto('/request-a-rider');
      const lastPickup = page.getByRole('button', {
        name: new RegExp(say('guest.last-pickup', { address: '' }).trim()),
      });
      await expect(lastPickup).toBeVisible({ timeout: 30_000 });
      await expect(lastPickup).toContainText('Bahadurabad');
      await page.screenshot({ path: `${SHOTS}/guest-next-visit-${locale}-${width}.png`, fullPage: true });
      // Taken, it brings the contact given with it.
      await lastPickup.click();
      await expect(page.getByLabel(say('guest.contact.name'))).toHaveValue('Sana Malik');
      await page.screenshot({ path: `${SHOTS}/guest-last-pickup-${locale}-${width}.png`, fullPage: true });
    });
  }
}
