import { expect, test, text } from '../support/fixtures.ts';
import { PARTNER_TOKEN } from '../support/partner.ts';

const ur = (key: string) => text('ur_alt', key);

test('a partner app opens the portal with its token in Urdu, accepts the terms and requests a rider', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) calls.push(request.headers().authorization ?? '');
  });
  await page.goto(`/connect?token=${PARTNER_TOKEN}&locale=ur_alt&tos_required=true`);
  // The token leaves the address bar at once and is kept as godroid-token (spec §3).
  await expect(page).toHaveURL(/\/request-a-rider\/pk-chai-khana$/, { timeout: 30_000 });
  expect(page.url()).not.toContain(PARTNER_TOKEN);
  expect(await page.evaluate(() => window.localStorage.getItem('godroid-token'))).toBe(PARTNER_TOKEN);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const terms = page.getByRole('dialog', { name: ur('partner.terms.title') });
  await expect(terms).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/partner-terms-ur-desktop.png', fullPage: true });
  await terms.getByRole('button', { name: ur('partner.terms.accept') }).click();
  await expect(terms).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('godroid-tos-required'))).toBe('false');

  // No login, sign-up or logout for the partner's user (spec §1).
  await page
    .getByRole('button', { name: ur('account.open') })
    .first()
    .click();
  await expect(page.getByRole('button', { name: ur('account.logout') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: ur('login.submit') })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const address = page.getByRole('textbox', { name: ur('request.address.label') });
  await expect(address).toBeEnabled();
  await address.fill('Zamzama');
  await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
  await expect(page.getByRole('status', { name: ur('request.quote.title') })).toContainText(/\d/);
  const details = page.getByRole('form', { name: ur('request.step.details') });
  await details.getByLabel(ur('request.form.customer-name')).fill('Ayesha Khan');
  await details.getByLabel(ur('request.form.phone.label')).pressSequentially('+92 300 1234567');
  await details.getByLabel(ur('request.form.description')).fill('Chai x4');
  await details.getByLabel(ur('request.form.amount')).fill('900');
  await details.getByRole('button', { name: ur('request.form.continue') }).click();
  const payment = page.getByRole('form', { name: ur('request.step.payment') });
  await payment.getByRole('radio', { name: new RegExp(ur('request.payment.CASH_ON_DELIVERY')) }).check();
  await payment.getByRole('button', { name: ur('request.submit') }).click();
  await expect(page.getByText(ur('order.toast.pushed'))).toBeVisible();
  await expect(page).toHaveURL(/\/order-tracking\/pk-chai-khana\?order_id=[\w-]+/);
  await page.screenshot({ path: 'test-results/screens/partner-order-ur-desktop.png', fullPage: true });

  // spec §7: every call carried the partner's token.
  const authorised = calls.filter((header) => header !== '');
  expect(authorised.length).toBeGreaterThan(3);
  expect(new Set(authorised)).toEqual(new Set([`GoDroid ${PARTNER_TOKEN}`]));
});

test('a partner app in Urdu on a phone @mobile', async ({ page }) => {
  await page.goto(`/connect?token=${PARTNER_TOKEN}&locale=ur_alt&tos_required=false`);
  await expect(page).toHaveURL(/\/request-a-rider\/pk-chai-khana$/, { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: ur('request.address.label') })).toBeEnabled();
  await page.screenshot({ path: 'test-results/screens/partner-request-ur-mobile.png', fullPage: true });
});
