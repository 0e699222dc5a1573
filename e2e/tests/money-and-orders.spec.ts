import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { orderCreateBody } from '../../testing/order-body.ts';
import { serverNow } from '../support/clock.ts';
import {
  expect,
  logIn,
  sessionAuthorization,
  switchLanguage,
  test,
  text,
  DEMO_VENDOR as VENDOR,
} from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '';
const OUTLET = { lat: 24.8021, lon: 67.03 };
const CUSTOMER = { lat: 24.8138, lon: 67.0402 };

/**
 * A pre-order for two hours from now with the demo voucher WELCOME50 and an age check, placed as the request
 * page places it; being scheduled, the simulated fleet leaves it alone while the journey looks at it.
 */
async function placeVoucherOrder(request: APIRequestContext, authorization: string) {
  const headers = { authorization };
  const preorderedFor = Math.floor(serverNow() / 1000) + 2 * 3600;
  const fee = await request.post('/api/v1/delivery/fee', {
    headers,
    data: { source: OUTLET, destination: CUSTOMER, vendor_id: VENDOR, delivery_type: 'food' },
  });
  expect(fee.ok()).toBe(true);
  const quote = (await fee.json()).result as { fee: number; signature: string };
  const validated = await request.post('/api/v1/voucher/validate', {
    headers,
    data: {
      code: 'WELCOME50',
      order: { order_time: preorderedFor, delivery_fee: quote.fee, signature: quote.signature },
      vendor_id: VENDOR,
    },
  });
  expect(validated.ok()).toBe(true);
  const discount = (await validated.json()).result as {
    voucher: { code: string; amount: number; type: string };
    delivery_fee: number;
    signature: string;
  };
  const created = await request.post('/api/v1/order', {
    headers: { ...headers, 'idempotency-key': `e2e-money-${Date.now()}-${Math.random()}` },
    data: {
      ...orderCreateBody({ vendorId: VENDOR, quote, destination: { lat: CUSTOMER.lat, lng: CUSTOMER.lon } }),
      preordered_for: preorderedFor,
      age_validation_required: true,
      voucher: discount.voucher,
      discounted_delivery_fee: discount.delivery_fee,
      discounted_delivery_fee_signature: discount.signature,
    },
  });
  expect(created.ok()).toBe(true);
  const orderId = ((await created.json()).result as { order_id: string }).order_id;
  const answer = await request.get(`/api/v1/order?vendorId=${VENDOR}&orderId=${encodeURIComponent(orderId)}`, {
    headers,
  });
  const order = (await answer.json()).result as {
    tracking_token: string;
    pickup: { name: string; location: { address: string | null } };
  };
  return { orderId, token: order.tracking_token, pickup: order.pickup };
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function detailShowsPickupVoucherAndAgeCheck(page: Page, locale: Locale, width: number) {
  // The language is chosen from the desktop bar; the phone width comes after.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  if (locale === 'ur_alt') await switchLanguage(page, 'ur_alt');
  await page.setViewportSize({ width, height: 900 });
  const authorization = await sessionAuthorization(page);
  const { orderId, token, pickup } = await placeVoucherOrder(page.request, authorization);

  await page.goto(`/order-tracking/${VENDOR}?order_id=${orderId}`);
  const detail = page.getByRole('article', { name: text(locale, 'tracking.detail.label', { id: orderId }) });
  await expect(detail).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByText(text(locale, 'tracking.detail.outlet'), { exact: true })).toBeVisible();
  await expect(detail.getByText(pickup.name, { exact: true }).first()).toBeVisible();
  if (pickup.location.address) await expect(detail.getByText(pickup.location.address, { exact: true })).toBeVisible();
  await expect(detail.getByText(text(locale, 'tracking.payment.voucher'), { exact: true })).toBeVisible();
  await expect(detail.getByText('WELCOME50', { exact: true })).toBeVisible();
  await expect(detail.getByText(text(locale, 'tracking.detail.age-check'), { exact: true })).toBeVisible();
  await shot(page, `detail-${locale}-${width}`);

  await page.goto(`/tracking/${token}`);
  await expect(page.getByText(text(locale, 'public.age-check'), { exact: true })).toBeVisible({ timeout: 30_000 });
  await shot(page, `public-${locale}-${width}`);
}

test.describe('money and orders', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const locale of ['en', 'ur_alt'] as const) {
    for (const width of [1280, 390]) {
      test(`the order detail shows the pickup, the voucher code and the age check (${locale}, ${width} px)`, async ({
        page,
      }) => {
        await detailShowsPickupVoucherAndAgeCheck(page, locale, width);
      });
    }
  }
});
