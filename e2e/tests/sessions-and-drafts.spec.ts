import type { Page } from '@playwright/test';
import { DEMO, expect, logIn, test, text } from '../support/fixtures.ts';
import { chooseDropOff, fillDetails, requestWithCash } from '../support/request.ts';

const say = (key: string, values?: Record<string, string>) => text('en', key, values);

async function startRequest(page: Page) {
  await chooseDropOff(page, 'en');
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

/** The rest of the details (those typed before are filled again as they were), sent with cash on delivery. */
async function sendRequest(page: Page) {
  await fillDetails(page, 'en');
  await requestWithCash(page, 'en');
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
