import { type APIRequestContext, expect, test } from '@playwright/test';
import { logIn, text } from '../support/fixtures.ts';

const VENDOR = 'pk-karachi-grill-clifton';
const OUTLET = { lat: 24.8021, lon: 67.03 };
const CUSTOMER = { lat: 24.8138, lon: 67.0402 };

/** Places an order the way the request page does: a signed fee quote, then the §3 create body. */
async function placeOrder(request: APIRequestContext, authorization: string): Promise<string> {
  const headers = { authorization };
  const fee = await request.post('/api/v1/delivery/fee', {
    headers,
    data: { source: OUTLET, destination: CUSTOMER, vendor_id: VENDOR, delivery_type: 'food' },
  });
  expect(fee.ok()).toBe(true);
  const quote = (await fee.json()).result as { fee: number; signature: string };
  const created = await request.post('/api/v1/order', {
    headers: { ...headers, 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
    data: {
      vendor_id: VENDOR,
      customer: {
        location: {
          latitude: CUSTOMER.lat,
          longitude: CUSTOMER.lon,
          address: 'House 14, Street 3, Clifton Block 2',
          notes: 'Ring the bell twice',
        },
        phone_number: '+923001234567',
        name: 'Ayesha Khan',
      },
      order: {
        payment_method: 'CASH_ON_DELIVERY',
        amount: 1500,
        description: 'Chicken biryani',
        cold_bag_needed: false,
      },
      vat_number: null,
      preordered_for: null,
      age_validation_required: false,
      login_pickup_estimation: 15,
      delivery_fee: quote.fee,
      signature: quote.signature,
    },
  });
  expect(created.ok()).toBe(true);
  return ((await created.json()).result as { order_id: string }).order_id;
}

test.describe('live tracking', () => {
  test('an order reaches the end of its journey on the tracking page and the public page, without reloading', async ({
    page,
    context,
  }) => {
    // The simulator drives the rider; a whole delivery takes about a minute at SIM_SPEED 60.
    test.setTimeout(240_000);
    await logIn(page);
    const authorization = await page.evaluate(() => {
      const session = JSON.parse(window.localStorage.getItem('riderdesk-session') ?? 'null') as {
        meta: { AccessToken: string; IdToken: string };
      } | null;
      return session ? `Bearer ${session.meta.AccessToken}|${session.meta.IdToken}` : '';
    });
    expect(authorization).not.toBe('');
    const orderId = await placeOrder(page.request, authorization);

    await page.goto(`/order-tracking/${VENDOR}?order_id=${encodeURIComponent(orderId)}`);
    const detail = page.getByRole('article', { name: text('en', 'tracking.detail.label', { id: orderId }) });
    await expect(detail).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: text('en', 'tracking.live.connected') })).toBeVisible();
    // Survives only if the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const answer = await page.request.get(`/api/v1/order?vendorId=${VENDOR}&orderId=${encodeURIComponent(orderId)}`, {
      headers: { authorization },
    });
    const token = ((await answer.json()).result as { tracking_token: string }).tracking_token;
    const publicPage = await context.newPage();
    await publicPage.goto(`/tracking/${token}`);
    await expect(publicPage.getByRole('list', { name: text('en', 'public.stages') })).toBeVisible();

    // The rider is assigned, collects and delivers (the end-to-end server never sends orders back).
    await expect(detail.getByText(text('en', 'status.delivered'), { exact: true }).first()).toBeVisible({
      timeout: 200_000,
    });
    await expect(detail.getByText(text('en', 'tracking.detail.no-rider'))).toBeHidden();
    await expect(
      page
        .getByRole('region', { name: text('en', 'tracking.section.delivered') })
        .getByRole('button', { name: new RegExp(orderId) }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The public page follows the same order to the same end.
    await expect(publicPage.getByRole('heading', { name: text('en', 'public.headline.DELIVERED') })).toBeVisible({
      timeout: 30_000,
    });
    const steps = publicPage.getByRole('list', { name: text('en', 'public.stages') }).getByRole('listitem');
    await expect(steps.last()).toHaveAttribute('data-state', 'done');
    await expect(publicPage.getByRole('link', { name: text('en', 'public.view-receipt') })).toBeVisible();
  });

  test('an unknown tracking link shows a friendly not-found page without the portal bar', async ({ page }) => {
    await page.goto('/tracking/this-token-does-not-exist-000000');
    await expect(page.getByText(text('en', 'public.not-found.title'))).toBeVisible();
    await expect(page.getByRole('navigation', { name: text('en', 'nav.label') })).toHaveCount(0);
  });
});
