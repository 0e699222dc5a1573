import { expect, logIn, test, text } from '../support/fixtures.ts';

test.describe('at night, outside the service hours', () => {
  test('the product has started, the request page says deliveries are closed but can be scheduled, and tracking shows the demo orders', async ({
    page,
  }) => {
    const browserNow = await page.evaluate(() => Date.now());
    const karachiHour = new Date(browserNow).toLocaleString('en-GB', { timeZone: 'Asia/Karachi', hour: '2-digit' });
    expect(karachiHour).toBe('00');

    await logIn(page);
    await page.goto('/request-a-rider/pk-karachi-grill-clifton');
    await expect(page.getByText(text('en', 'request.service-closed.title'))).toBeVisible();
    // Pre-orders are on: a delivery can still be scheduled for the next open slots (decision 123).
    await expect(page.getByText(text('en', 'request.service-closed.schedule-hint'))).toBeVisible();
    await expect(page.getByRole('textbox', { name: text('en', 'request.address.label') })).toBeEnabled();
    await expect(page.getByText(text('en', 'request.step.locked-drop-off'))).toHaveCount(0);

    await page.goto('/order-tracking/pk-karachi-grill');
    await page.getByRole('button', { name: text('en', 'branch.choose') }).click();
    const includeOutlets = page.getByRole('switch', { name: text('en', 'branch.include-outlets') });
    if (!(await includeOutlets.isChecked())) await includeOutlets.check({ force: true });
    await page.keyboard.press('Escape');
    // The tracking page lists today's orders only: the demo placed them after midnight. The sections checked
    // are those whose orders stay put while the suite runs (the simulator moves new and collected ones on).
    for (const section of ['scheduled', 'delivered', 'cancelled']) {
      const region = page.getByRole('region', { name: text('en', `tracking.section.${section}`) });
      await expect(region.getByRole('button').first()).toBeVisible();
    }
  });
});
