import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { orderCreateBody } from '../../testing/order-body.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { CONSOLE_LANGUAGES, createOperatorFromCommandLine, runOps, setUpFromLink } from '../support/console.ts';
import { expect, test, text } from '../support/fixtures.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '';
// Outlets far beyond the dispatch radius of the simulated fleet (Karachi), one city per language: only the
// journey's own riders, driven here through the rider API, are offered its orders, so nothing moves them meanwhile.
const PLACES = {
  en: { city: 'Lahore', outlet: { lat: 31.5204, lng: 74.3587 }, customer: { lat: 31.5301, lng: 74.3512 } },
  ur_alt: { city: 'Islamabad', outlet: { lat: 33.6844, lng: 73.0479 }, customer: { lat: 33.6938, lng: 73.0551 } },
} as const;
type Place = (typeof PLACES)[keyof typeof PLACES];
const MERCHANT_PASSWORD = 'Riderdesk#2026';

/** A rider made from the command line (`npm run ops -- create-rider`), on shift beside the outlet. */
async function riderOnShift(request: APIRequestContext, place: Place, name: string, phone: string, offset: number) {
  const printed = runOps(['create-rider', '--name', name, '--phone', phone]);
  const token = /rider token \(shown once, keep it safe\): (\S+)/.exec(printed)?.[1] ?? '';
  expect(token).not.toBe('');
  const headers = { authorization: `Rider ${token}` };
  const moved = await request.post('/api/v1/rider/position', {
    headers,
    data: { latitude: place.outlet.lat + offset, longitude: place.outlet.lng },
  });
  expect(moved.ok()).toBe(true);
  expect((await request.put('/api/v1/rider/availability', { headers, data: { available: true } })).ok()).toBe(true);
  return { name, headers };
}

/** A merchant of its own with one outlet in the place, made from the command line; its Authorization header. */
async function merchantIn(request: APIRequestContext, place: Place, stamp: string) {
  const parent = `pk-karahi-e2e-${stamp}`;
  const outlet = `${parent}-main`;
  const email = `karahi-${stamp}@riderdesk.test`;
  runOps(['create-vendor', '--id', parent, '--name', 'Karahi House', '--parent', '--city', place.city]);
  runOps([
    ...['create-outlet', '--parent', parent, '--id', outlet, '--name', `Karahi House ${place.city}`],
    ...['--lat', String(place.outlet.lat), '--lng', String(place.outlet.lng), '--address', 'Main Boulevard'],
    ...['--city', place.city, '--email', email],
  ]);
  runOps(['create-user', '--email', email, '--password', MERCHANT_PASSWORD, '--vendor', parent]);
  const login = await request.post('/api/v1/login', { data: { email_address: email, password: MERCHANT_PASSWORD } });
  expect(login.ok()).toBe(true);
  const tokens = (await login.json()).result as { AccessToken: string; IdToken: string };
  return { place, outlet, authorization: `Bearer ${tokens.AccessToken}|${tokens.IdToken}` };
}

async function placeOrder(
  request: APIRequestContext,
  merchant: { place: Place; outlet: string; authorization: string },
) {
  const { outlet, customer } = merchant.place;
  const headers = { authorization: merchant.authorization };
  const fee = await request.post('/api/v1/delivery/fee', {
    headers,
    data: {
      source: { lat: outlet.lat, lon: outlet.lng },
      destination: { lat: customer.lat, lon: customer.lng },
      vendor_id: merchant.outlet,
      delivery_type: 'food',
    },
  });
  expect(fee.ok(), await fee.text()).toBe(true);
  const quote = (await fee.json()).result as { fee: number; signature: string };
  const created = await request.post('/api/v1/order', {
    headers: { ...headers, 'idempotency-key': `e2e-board-${Date.now()}-${Math.random()}` },
    data: orderCreateBody({ vendorId: merchant.outlet, quote, destination: customer }),
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()).result as { order_id: string }).order_id;
}

async function statusOf(
  request: APIRequestContext,
  merchant: { outlet: string; authorization: string },
  orderId: string,
) {
  const answer = await request.get(`/api/v1/order?vendorId=${merchant.outlet}&orderId=${encodeURIComponent(orderId)}`, {
    headers: { authorization: merchant.authorization },
  });
  return ((await answer.json()).result as { status: string; rider: { name: string } | null }) ?? null;
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [device, width] of [
    ['desktop', 1280],
    ['tablet', 820],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${device}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

test.describe('the console’s live operations board (issue 36)', () => {
  for (const locale of CONSOLE_LANGUAGES) {
    test(`an operator hands a DELAYED order to another rider (${locale})`, async ({ page, request }) => {
      // About twenty command-line calls and two riders driven by hand: slow on a shared machine.
      test.setTimeout(420_000);
      const stamp = `${locale.replace('_', '-')}-${Date.now()}`;
      const phoneBase = String(Date.now()).slice(-6);
      const place = PLACES[locale];
      const merchant = await merchantIn(request, place, stamp);
      const first = await riderOnShift(request, place, `Imran ${stamp}`, `+92301${phoneBase}1`, 0.001);

      // The order goes to the only rider near, who accepts it through the rider API.
      const orderId = await placeOrder(request, merchant);
      await expect
        .poll(async () => (await statusOf(request, merchant, orderId)).status, { timeout: 20_000 })
        .toBe('ASSIGNED_TO_TRANSPORT');
      const accepted = await request.post(`/api/v1/rider/orders/${orderId}/accept`, { headers: first.headers });
      expect(accepted.ok()).toBe(true);
      // An hour later in the order's life: the dispatcher's next pass finds it past its promise (spec §9).
      runOps(['age-order', orderId, '--minutes', '61']);
      await expect
        .poll(async () => (await statusOf(request, merchant, orderId)).status, { timeout: 20_000 })
        .toBe('DELAYED');
      const second = await riderOnShift(request, place, `Sana ${stamp}`, `+92301${phoneBase}2`, 0.002);

      await page.addInitScript((language) => window.localStorage.setItem('riderdesk-language', language), locale);
      await setUpFromLink(page, locale, createOperatorFromCommandLine(`board-${stamp}@riderdesk.test`, 'operations'));
      const nav = page.getByRole('navigation', { name: text(locale, 'console.nav.label') });
      await nav.getByRole('link', { name: text(locale, 'console.nav.board') }).click();
      await expect(page).toHaveURL(/\/console\/board$/);
      await expect(page.getByRole('status').filter({ hasText: text(locale, 'console.board.live.on') })).toBeVisible();

      // Exceptions are listed first, with their kind and age.
      const row = page.getByTestId('board-row').filter({ hasText: orderId });
      await expect(row).toContainText(text(locale, 'console.board.exception.delayed'));
      await expect(row).toContainText(first.name);
      await expectNoSeriousViolations(page);
      await shots(page, `console-board-${locale}`);

      await row.getByRole('button', { name: text(locale, 'console.board.action.reassign') }).click();
      const dialog = page.getByRole('dialog', { name: text(locale, 'console.board.reassign.title', { orderId }) });
      await dialog.getByRole('radio', { name: second.name }).check();
      await expectNoSeriousViolations(page);
      await shots(page, `console-board-reassign-${locale}`);
      await dialog.getByRole('button', { name: text(locale, 'console.board.reassign.submit') }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByText(text(locale, 'console.board.reassign.done', { orderId, name: second.name })),
      ).toBeVisible();

      // Offered to the second rider through the lifecycle; still late, so still listed.
      await expect(row).toContainText(second.name);
      const order = await statusOf(request, merchant, orderId);
      expect(order.status).toBe('ASSIGNED_TO_TRANSPORT');
      expect(order.rider?.name).toBe(second.name);
      // The first rider no longer has it; the second takes it in the rider app.
      expect(
        (await request.post(`/api/v1/rider/orders/${orderId}/arrived-at-vendor`, { headers: first.headers })).status(),
      ).toBe(404);
      expect((await request.post(`/api/v1/rider/orders/${orderId}/accept`, { headers: second.headers })).ok()).toBe(
        true,
      );
      // The live channel brings the rider's step to the open board.
      await expect(row).toContainText(text(locale, 'status.in-progress'));

      // The Riders page: both riders, the second on the order.
      await nav.getByRole('link', { name: text(locale, 'console.nav.riders') }).click();
      await expect(page).toHaveURL(/\/console\/riders$/);
      const riderRow = page.getByTestId('rider-row').filter({ hasText: second.name });
      await expect(riderRow).toContainText(text(locale, 'console.riders.state.ASSIGNED'));
      await expect(
        page
          .getByTestId('rider-row')
          .filter({ hasText: text(locale, 'console.riders.simulated') })
          .first(),
      ).toBeVisible();
      await expectNoSeriousViolations(page);
      await shots(page, `console-riders-${locale}`);
    });
  }
});
