// Screenshots of order tracking (desktop + phone, English + Urdu) and the public tracking pages.
// Usage: node apps/web/scripts/tracking-screenshots.mjs [baseUrl]  (run place-demo-orders.mjs first)
import { base, demoAuthorization, logIn, out, SIZES, shootEachView } from './screenshot-kit.mjs';

const vendor = 'pk-karachi-grill-clifton';

const authorization = await demoAuthorization();
const from = new Date(Date.now() - 20 * 3600_000).toISOString();
const list = await fetch(`${base}/api/v1/vendor/${vendor}/orders?from=${from}&count=200`, {
  headers: { authorization },
}).then((answer) => answer.json());
const orders = list.result.data;
const moving =
  orders.find((order) =>
    ['PICKED_UP', 'NEAR_CUSTOMER', 'COURIER_ACCEPTED_DELIVERY', 'NEAR_VENDOR'].includes(order.status),
  ) ?? orders[0];
const delivered = orders.find((order) => order.status === 'DELIVERED');
console.log(orders.map((order) => `${order.order_id} ${order.status}`).join('\n'));

const sizes = { ...SIZES, desktop: { width: 1366, height: 860 } };

await shootEachView(sizes, async ({ sizeName, language, tag, openContext }) => {
  const context = await openContext();
  const page = await context.newPage();
  await page.goto(`${base}/connect`);
  await logIn(page);
  await page.waitForURL(/request-a-rider/);
  await page.goto(`${base}/order-tracking/${vendor}`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}tracking-list-${tag}.png` });
  await page.goto(`${base}/order-tracking/${vendor}?order_id=${moving.order_id}`);
  await page.waitForTimeout(3500);
  await page.screenshot({ path: `${out}tracking-detail-${tag}.png` });
  if (sizeName === 'desktop' && language === 'en') {
    await page.screenshot({ path: `${out}tracking-detail-full-${tag}.png`, fullPage: true });
    const cancel = page.getByRole('button', { name: 'Cancel rider' });
    const cancellable = orders.find((order) =>
      ['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT'].includes(order.status),
    );
    if (cancellable) {
      await page.goto(`${base}/order-tracking/${vendor}?order_id=${cancellable.order_id}`);
      await page.waitForTimeout(1500);
      if (await cancel.isVisible()) {
        await cancel.click();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${out}tracking-cancel-${tag}.png` });
        await page.keyboard.press('Escape');
      }
    }
    if (delivered) {
      await page.goto(`${base}/order-tracking/${vendor}?order_id=${delivered.order_id}`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${out}tracking-delivered-${tag}.png`, fullPage: true });
    }
  }
  await context.close();

  const anon = await openContext();
  const p2 = await anon.newPage();
  await p2.goto(`${base}/tracking/${moving.tracking_token}`);
  await p2.waitForTimeout(2500);
  await p2.screenshot({ path: `${out}public-tracking-${tag}.png`, fullPage: true });
  if (delivered) {
    await p2.goto(`${base}/delivery-receipt/${delivered.tracking_token}`);
    await p2.waitForTimeout(1200);
    await p2.screenshot({ path: `${out}public-receipt-${tag}.png`, fullPage: true });
  }
  await p2.goto(`${base}/tracking/unknown-token-0000000000000000`);
  await p2.waitForTimeout(1200);
  if (sizeName === 'desktop') await p2.screenshot({ path: `${out}public-not-found-${tag}.png` });
  await anon.close();
});
