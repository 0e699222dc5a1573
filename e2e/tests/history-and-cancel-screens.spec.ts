import { serverNow } from '../support/clock.ts';
import { expect, placeOrder, sessionAuthorization, test, text, DEMO_VENDOR as VENDOR } from '../support/fixtures.ts';
import { type Locale, logInIn } from '../support/request.ts';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';
const SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

for (const locale of ['en', 'ur_alt'] as Locale[]) {
  test(`history offers Today, Returned and Scheduled; the cancel dialog offers the merchant's reasons (${locale})`, async ({
    page,
  }) => {
    await logInIn(page, locale);
    const say = (key: string, values: Record<string, string> = {}) => text(locale, key, values);

    // History: Today is offered, Custom keeps the table without an error, the status filter has Returned and Scheduled.
    await page.goto(`/history/${VENDOR}`);
    const period = page.getByRole('combobox', { name: say('history.filters.range') });
    await period.click();
    await page.getByRole('option', { name: say('history.filters.preset.Today'), exact: true }).click();
    await expect(period).toHaveValue(say('history.filters.preset.Today'));
    await period.click();
    await page.getByRole('option', { name: say('history.filters.preset.Custom') }).click();
    await expect(page.getByText(say('history.range.incomplete'))).toBeVisible();
    const status = page.getByRole('combobox', { name: say('history.filters.status') });
    await status.click();
    await expect(page.getByRole('option', { name: say('history.filters.status-value.RETURNED') })).toBeVisible();
    await expect(page.getByRole('option', { name: say('history.filters.status-value.SCHEDULED') })).toBeVisible();
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/history-${locale}-${name}.png` });
    }
    await page.keyboard.press('Escape');
    await page.setViewportSize(SIZES[0][1]);

    // Cancel: a pre-order no rider takes during the test.
    const authorization = await sessionAuthorization(page);
    const orderId = await placeOrder(page.request, authorization, {
      preorderedFor: Math.floor(serverNow() / 1000) + 3 * 3600,
    });
    await page.goto(`/order-tracking/${VENDOR}?order_id=${encodeURIComponent(orderId)}`);
    const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
    await detail.getByRole('button', { name: say('tracking.cancel.button') }).click();
    const dialog = page.getByRole('dialog', { name: say('cancel.title') });
    await dialog.getByRole('combobox', { name: say('tracking.cancel.reason') }).click();
    await expect(page.getByRole('option')).toHaveCount(8);
    await expect(page.getByRole('option').last()).toHaveText(say('cancel.reason.reason_unknown'));
    await page.getByRole('option', { name: say('cancel.reason.reason_unknown') }).click();
    const note = dialog.getByRole('textbox', { name: say('tracking.cancel.note') });
    await dialog.getByRole('button', { name: say('tracking.cancel.confirm') }).click();
    await expect(dialog.getByText(say('cancel.note.required'))).toBeVisible();
    await note.fill(locale === 'en' ? 'Customer moved away' : 'گاہک نے پتہ بدل دیا');
    // The tracking page lays the detail out anew at phone width, which closes the dialog: desktop only here.
    await page.screenshot({ path: `${SHOTS}/cancel-dialog-${locale}-desktop.png` });
    await dialog.getByRole('button', { name: say('tracking.cancel.confirm') }).click();
    await expect(page.getByText(say('action.attempt-cancel'))).toBeVisible();
    await expect(detail.getByText(say('tracking.payment.collect-cancelled'))).toBeVisible();
    await detail.scrollIntoViewIfNeeded();
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SHOTS}/cancelled-order-${locale}-${name}.png`, fullPage: true });
    }
  });
}
