import {
  expect,
  logIn,
  placeOrder,
  sessionAuthorization,
  test,
  text,
  trackingToken,
  DEMO_VENDOR as VENDOR,
} from '../support/fixtures.ts';

test.describe('live tracking', () => {
  test('an order reaches the end of its journey on the tracking page and the public page, without reloading', async ({
    page,
    context,
  }) => {
    // The simulator drives the rider; a whole delivery takes about a minute at SIM_SPEED 60.
    test.setTimeout(240_000);
    await logIn(page);
    const authorization = await sessionAuthorization(page);
    const orderId = await placeOrder(page.request, authorization);

    await page.goto(`/order-tracking/${VENDOR}?order_id=${encodeURIComponent(orderId)}`);
    const detail = page.getByRole('article', { name: text('en', 'tracking.detail.label', { id: orderId }) });
    await expect(detail).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: text('en', 'tracking.live.connected') })).toBeVisible();
    // Survives only if the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const token = await trackingToken(page.request, authorization, orderId);
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

  test('on a wide screen the public map is as tall as the stages beside it, and keeps the places centred as it grows', async ({
    page,
  }) => {
    await logIn(page);
    const authorization = await sessionAuthorization(page);
    const orderId = await placeOrder(page.request, authorization);
    await page.goto(`/tracking/${await trackingToken(page.request, authorization, orderId)}`);
    const map = page.getByRole('region', { name: text('en', 'public.map') });
    const stages = page.getByRole('list', { name: text('en', 'public.stages') });
    const pin = map.locator('.leaflet-marker-icon').first();
    await expect(pin).toBeVisible();
    const mapBox = (await map.boundingBox())!;
    // The stages' card ends where the map's card ends (the map sits 6 px inside its card's border).
    const stagesCardBottom = await stages.evaluate(
      (list) => list.closest('.mantine-Paper-root')!.getBoundingClientRect().bottom,
    );
    expect(mapBox.height).toBeGreaterThanOrEqual(340);
    expect(Math.abs(mapBox.y + mapBox.height - stagesCardBottom)).toBeLessThanOrEqual(8);

    // The stages' card grows (as a longer timeline would make it): the map follows and keeps its centre, so the
    // places move down by half the growth instead of staying where the old, shorter map had them.
    const pinTop = (await pin.boundingBox())!.y - mapBox.y;
    await stages.evaluate((list) => {
      (list.closest('.mantine-Paper-root') as HTMLElement).style.paddingBottom = '200px';
    });
    await expect.poll(async () => (await map.boundingBox())!.height).toBeGreaterThan(mapBox.height + 150);
    const grown = (await map.boundingBox())!.height - mapBox.height;
    await expect
      .poll(async () => (await pin.boundingBox())!.y - (await map.boundingBox())!.y - pinTop)
      .toBeCloseTo(grown / 2, -1);
  });

  test('an unknown tracking link shows a friendly not-found page without the portal bar', async ({ page }) => {
    await page.goto('/tracking/this-token-does-not-exist-000000');
    await expect(page.getByText(text('en', 'public.not-found.title'))).toBeVisible();
    await expect(page.getByRole('navigation', { name: text('en', 'nav.label') })).toHaveCount(0);
  });
});
