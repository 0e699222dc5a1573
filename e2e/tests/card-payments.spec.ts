import type { APIRequestContext, Page } from '@playwright/test';
import { orderCreateBody } from '../../testing/order-body.ts';
import { serverNow } from '../support/clock.ts';
import { DEMO_VENDOR, expect, logIn, sessionAuthorization, switchLanguage, test, text } from '../support/fixtures.ts';

const OUTLET = { lat: 24.8021, lon: 67.03 };
const CUSTOMER = { lat: 24.8138, lon: 67.0402 };

/** A card order placed as the card step does, for a pre-order three hours ahead (it waits, so it can be cancelled). */
async function placeCardPreorder(request: APIRequestContext, authorization: string): Promise<string> {
  const headers = { authorization };
  const wallet = (await (await request.post(`/api/v1/order/payment/auth/${DEMO_VENDOR}`, { headers })).json()).result;
  const token = (
    await (
      await request.post('/api/v1/payments/sandbox/tokens', {
        data: {
          wallet_id: wallet.wallet_id,
          number: '5555555555554444',
          exp_month: '12',
          exp_year: '30',
          cvc: '123',
          holder_name: 'Bilal Ahmed',
        },
      })
    ).json()
  ).token as string;
  const fee = (
    await (
      await request.post('/api/v1/delivery/fee', {
        headers,
        data: { source: OUTLET, destination: CUSTOMER, vendor_id: DEMO_VENDOR, delivery_type: 'food' },
      })
    ).json()
  ).result;
  const order = {
    ...orderCreateBody({ vendorId: DEMO_VENDOR, quote: fee, destination: { lat: CUSTOMER.lat, lng: CUSTOMER.lon } }),
    preordered_for: Math.floor(serverNow() / 1000) + 3 * 3600,
  };
  order.order.payment_method = 'ONLINE_PAYMENT' as never;
  const intent = (
    await (
      await request.post('/api/v1/order/payment/intent', { headers, data: { wallet_id: wallet.wallet_id, order } })
    ).json()
  ).result;
  const confirmed = await request.post('/api/v1/order/payment/intent/confirm', {
    headers,
    data: {
      order,
      bearer_token: wallet.access_token,
      purchase_intent_id: intent.intent_id,
      payment_method: 'generic_creditcard',
      payment_instrument_id: null,
      card: { token, holder_name: 'Bilal Ahmed', save_card: false },
    },
  });
  expect(confirmed.ok()).toBe(true);
  return (await confirmed.json()).result.order_id as string;
}

async function fillOrder(page: Page) {
  const say = (key: string) => text('en', key);
  // The demo's main branch, which takes card payments.
  await page.goto('/request-a-rider/pk-karachi-grill');
  const address = page.getByRole('textbox', { name: say('request.address.label') });
  await expect(address).toBeEnabled({ timeout: 30_000 });
  await address.fill('Zamzama');
  await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
  await expect(page.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);
  const details = page.getByRole('form', { name: say('request.step.details') });
  await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
  await details.getByLabel(say('request.form.phone.label')).pressSequentially('+92 300 1234567');
  await details.getByLabel(say('request.form.description')).fill('Chicken biryani x2');
  await details.getByLabel(say('request.form.amount')).fill('1500');
  await details.getByRole('button', { name: say('request.form.continue') }).click();
}

test.describe('card payments', () => {
  test('pays the delivery by card with 3-D Secure, and the simulator delivers the order', async ({ page }) => {
    test.setTimeout(240_000);
    const say = (key: string, values?: Record<string, string>) => text('en', key, values);
    await logIn(page);
    await fillOrder(page);

    const payment = page.getByRole('form', { name: say('request.step.payment') });
    await payment.getByRole('radio', { name: new RegExp(say('request.payment.ONLINE_PAYMENT')) }).check();
    await payment.getByLabel(say('request.card.name')).fill('Ayesha Khan');
    const fields = page.frameLocator(`iframe[title="${say('request.card.fields')}"]`);
    await fields.getByLabel('Card number').fill('4000 0000 0000 3220');
    await fields.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await fields.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: say('request.submit') }).click();

    // The issuer's 3-D Secure page, then back to the order on tracking.
    await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/challenge\//);
    await expect(page.getByText(/ending in 3220/)).toBeVisible();
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=[\w-]+/);
    const orderId = new URL(page.url()).searchParams.get('order_id')!;

    const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
    // The return from the issuer's page is a full page load of the app.
    await expect(detail).toBeVisible({ timeout: 30_000 });
    await expect(detail.getByText(say('tracking.payment.card-status.captured'), { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(detail.getByText('VISA •••• 3220')).toBeVisible();
    await expect(detail.getByText(say('status.delivered'), { exact: true }).first()).toBeVisible({ timeout: 200_000 });
  });

  test('a cancelled card order shows its refund, in Urdu', async ({ page }) => {
    test.setTimeout(150_000);
    await logIn(page);
    const orderId = await placeCardPreorder(page.request, await sessionAuthorization(page));
    await switchLanguage(page, 'ur_alt');
    const say = (key: string, values?: Record<string, string>) => text('ur_alt', key, values);
    await page.goto(`/order-tracking/${DEMO_VENDOR}?order_id=${encodeURIComponent(orderId)}`);
    const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
    await expect(detail.getByText(say('tracking.payment.card-status.captured'), { exact: true })).toBeVisible({
      timeout: 60_000,
    });

    // Paid by card, the order cannot be edited: its Edit is disabled, with the reason.
    await expect(detail.getByRole('button', { name: say('tracking.detail.edit') })).toBeDisabled();
    await expect(detail.getByTestId('why-no-edit')).toHaveText(say('tracking.detail.edit-unavailable-card'));
    await page.screenshot({ path: test.info().outputPath('card-order-ur.png') });

    await detail.getByRole('button', { name: say('tracking.cancel.button') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: say('tracking.cancel.reason') }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: say('tracking.cancel.confirm') }).click();

    await expect(detail.getByText(say('tracking.payment.card-status.refunded'), { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(detail.getByText(say('tracking.payment.refunded'), { exact: true })).toBeVisible();
  });
});
