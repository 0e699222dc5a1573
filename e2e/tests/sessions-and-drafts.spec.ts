import type { Page } from '@playwright/test';
import { DEMO, expect, logIn, test, text } from '../support/fixtures.ts';

const say = (key: string, values?: Record<string, string>) => text('en', key, values);

async function startRequest(page: Page) {
  const address = page.getByRole('textbox', { name: say('request.address.label') });
  await expect(address).toBeEnabled();
  await address.fill('Zamzama');
  await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
  await expect(page.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);
  const details = page.getByRole('form', { name: say('request.step.details') });
  await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
  await details.getByLabel(say('request.form.description')).fill('Chicken biryani x2');
  return details;
}

async function expectRestored(page: Page) {
  await expect(page.getByText(say('request.draft.restored'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: say('request.address.label') })).toHaveValue(/Zamzama Commercial/);
  // The drop-off is priced again before the details open.
  await expect(page.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);
  const details = page.getByRole('form', { name: say('request.step.details') });
  await expect(details.getByLabel(say('request.form.customer-name'))).toHaveValue('Ayesha Khan');
  await expect(details.getByLabel(say('request.form.description'))).toHaveValue('Chicken biryani x2');
  return details;
}

async function sendRequest(page: Page) {
  const details = page.getByRole('form', { name: say('request.step.details') });
  await details.getByLabel(say('request.form.phone.label')).pressSequentially('+92 300 1234567');
  await details.getByLabel(say('request.form.amount')).fill('1500');
  await details.getByRole('button', { name: say('request.form.continue') }).click();
  const payment = page.getByRole('form', { name: say('request.step.payment') });
  await payment.getByRole('radio', { name: new RegExp(say('request.payment.CASH_ON_DELIVERY')) }).check();
  await payment.getByRole('button', { name: say('request.submit') }).click();
  await expect(page.getByText(say('order.toast.pushed'))).toBeVisible();
  await expect(page).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=[\w-]+/);
}

test.describe('sessions and drafts', () => {
  test('a logout in one tab ends the other, whose typed request waits for the next login', async ({ context }) => {
    const first = await context.newPage();
    await logIn(first);
    const second = await context.newPage();
    await second.goto('/request-a-rider');
    await expect(second).toHaveURL(/\/request-a-rider\/[\w-]+/);
    await startRequest(second);

    await first.getByRole('button', { name: say('account.open') }).click();
    await first.getByRole('button', { name: say('account.logout') }).click();
    await expect(first.getByRole('button', { name: say('login.submit') })).toBeVisible();

    // The other tab knows at once: nothing more is sent with the ended session.
    await expect(second.getByRole('button', { name: say('login.submit') })).toBeVisible();
    await expect(second.getByText(say('auth.disconnected')).first()).toBeVisible();

    await second.getByLabel(say('login.email')).fill(DEMO.email);
    await second.getByLabel(say('login.password'), { exact: true }).fill(DEMO.password);
    await second.getByRole('button', { name: say('login.submit') }).click();
    await expect(second).toHaveURL(/\/request-a-rider\/[\w-]+/);
    await expectRestored(second);
    await sendRequest(second);

    // Sent, the draft is gone: the next request starts empty.
    await second.goto('/request-a-rider');
    await expect(second.getByRole('textbox', { name: say('request.address.label') })).toHaveValue('');
    await expect(second.getByText(say('request.draft.restored'))).toHaveCount(0);
  });

  test('a reload in the middle of a request brings it back', async ({ page }) => {
    await logIn(page);
    await startRequest(page);
    // The browser's own "leave the page?" question, answered as the merchant reloading does.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expectRestored(page);
    await sendRequest(page);
  });
});
