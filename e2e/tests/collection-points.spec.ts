import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { shiftDate } from '../../testing/clock.ts';
import { serverNow } from '../support/clock.ts';
import { expect, logIn, skipWelcome, switchLanguage, test, text, waitForMail } from '../support/fixtures.ts';

const say = (key: string, values?: Record<string, string>) => text('en', key, values);

async function openBranches(page: Page) {
  await page.getByRole('button', { name: say('branch.choose') }).click();
}

test.describe('collection points', () => {
  test('a merchant adds an outlet with a second owner, who joins by invitation, and requests a rider from it', async ({
    page,
    browser,
    request,
  }) => {
    // Three journeys in one: the merchant's, the invited owner's and a rider request.
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const label = `Boat Basin ${stamp}`;
    const ownerEmail = `owner-${stamp}@example.pk`;

    await logIn(page);
    await openBranches(page);
    await page.getByRole('button', { name: say('branch.add') }).click();
    const dialog = page.getByRole('dialog', { name: say('outlet.add-title') });
    await dialog.getByRole('textbox', { name: say('outlet.client-id') }).fill(`KGH-BB-${stamp}`);
    await dialog.getByRole('textbox', { name: say('outlet.label') }).fill(label);
    await dialog.getByRole('textbox', { name: say('outlet.address') }).fill('Boat Basin');
    await dialog.getByRole('option', { name: /^Boat Basin, Clifton/ }).click();
    await expect(dialog.getByText('75600')).toBeVisible();
    await dialog.getByRole('textbox', { name: say('outlet.phone') }).fill('+92 21 3587 1234');
    await dialog.getByRole('textbox', { name: say('outlet.owner-n', { n: '1' }) }).fill('demo@riderdesk.pk');
    await dialog.getByRole('button', { name: say('outlet.add-owner') }).click();
    await dialog.getByRole('textbox', { name: say('outlet.owner-n', { n: '2' }) }).fill(ownerEmail);
    await dialog.getByRole('button', { name: say('outlet.create') }).click();

    // One notice: 'saved, a few minutes' until the activation job is heard of, which replaces it with 'ready'.
    await expect(
      page
        .getByText(`${say('outlet.saved')} ${say('outlet.created-delay')}`)
        .or(page.getByText(say('outlet.ready', { name: label }))),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    // The activation job runs within seconds; the browser hears of it.
    await expect(page.getByText(say('outlet.ready', { name: label }))).toBeVisible({ timeout: 30_000 });

    // The second owner has no account: the invitation link sets a password and opens only this outlet.
    const mail = await waitForMail(request, ownerEmail, /\/invitation#token=/);
    const link = /https?:\/\/\S+(\/invitation#token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const ownerContext = await browser.newContext();
    // The same clock as every page of the suite (support/fixtures.ts).
    await ownerContext.addInitScript(shiftDate, serverNow() - Date.now());
    const owner = await ownerContext.newPage();
    await owner.goto(link as string);
    await expect(owner.getByRole('textbox', { name: say('login.email') })).toHaveValue(ownerEmail, { timeout: 20_000 });
    await owner.getByLabel(say('invitation.password'), { exact: true }).fill('Boatbasin#2026');
    await owner.getByLabel(say('invitation.confirm'), { exact: true }).fill('Boatbasin#2026');
    await owner.getByRole('button', { name: say('invitation.submit') }).click();
    await expect(owner).toHaveURL(/\/request-a-rider\/pk-karachi-grill-kgh-bb-/);
    // A new user: the welcome walkthrough greets the owner first.
    await skipWelcome(owner);
    await openBranches(owner);
    const branches = owner.getByRole('radiogroup', { name: say('branch.title') });
    await expect(branches.getByRole('radio')).toHaveCount(1);
    await expect(branches.getByRole('radio', { name: new RegExp(label) })).toBeChecked();
    await ownerContext.close();

    // The merchant requests a rider from the new outlet.
    await openBranches(page);
    // Choosing a branch closes the list and moves to it.
    await page.getByRole('radio', { name: new RegExp(label) }).click();
    await expect(page).toHaveURL(/\/request-a-rider\/pk-karachi-grill-kgh-bb-/);
    const address = page.getByRole('textbox', { name: say('request.address.label') });
    await expect(address).toBeEnabled();
    await address.fill('Zamzama');
    await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
    await expect(page.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);
    const details = page.getByRole('form', { name: say('request.step.details') });
    await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
    await details.getByLabel(say('request.form.phone.label')).pressSequentially('+92 300 1234567');
    await details.getByLabel(say('request.form.description')).fill('Chicken biryani x2');
    await details.getByLabel(say('request.form.amount')).fill('1500');
    await details.getByRole('button', { name: say('request.form.continue') }).click();
    const payment = page.getByRole('form', { name: say('request.step.payment') });
    await payment.getByRole('radio', { name: new RegExp(say('request.payment.CASH_ON_DELIVERY')) }).check();
    await payment.getByRole('button', { name: say('request.submit') }).click();
    await expect(page.getByText(say('order.toast.pushed'))).toBeVisible();
    await expect(page).toHaveURL(/\/order-tracking\/pk-karachi-grill-kgh-bb-[\w-]+\?order_id=[\w-]+/);
  });

  test('the dialog is operable by keyboard and shows the spec §5 messages', async ({ page }) => {
    await logIn(page);
    await openBranches(page);
    await page.getByRole('button', { name: say('branch.add') }).click();
    const dialog = page.getByRole('dialog', { name: say('outlet.add-title') });
    await expect(dialog.getByRole('textbox', { name: say('outlet.client-id') })).toBeVisible();
    // Focus stays inside the dialog and reaches the submit button by Tab.
    const submit = dialog.getByRole('button', { name: say('outlet.create') });
    for (let i = 0; i < 30 && !(await submit.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Please enter collection point ID')).toBeVisible();
    await expect(dialog.getByText('Please select pickup address')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the dialog in Urdu, right to left, passes axe', async ({ page }) => {
    await logIn(page);
    await switchLanguage(page, 'ur_alt');
    await page.getByRole('button', { name: text('ur_alt', 'branch.choose') }).click();
    await page.getByRole('button', { name: text('ur_alt', 'branch.add') }).click();
    const dialog = page.getByRole('dialog', { name: text('ur_alt', 'outlet.add-title') });
    await dialog.getByRole('button', { name: text('ur_alt', 'outlet.create') }).click();
    await expect(dialog.getByText(text('ur_alt', 'Please enter label'))).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('on a phone the dialog opens from the drawer and fills the screen @mobile', async ({ page }) => {
    await logIn(page);
    await page
      .getByRole('button', { name: say('nav.open-menu') })
      .first()
      .click();
    await page.getByRole('button', { name: say('branch.add') }).click();
    const dialog = page.getByRole('dialog', { name: say('outlet.add-title') });
    await expect(dialog.getByRole('textbox', { name: say('outlet.client-id') })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(page.viewportSize()?.width);
    await dialog.getByRole('button', { name: say('outlet.cancel') }).click();
    await expect(dialog).toBeHidden();
  });
});

/** WCAG 2 A and AA, serious and critical, as accessibility.spec.ts checks every page. */
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => violation.id),
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' '))}`).join('\n'),
  ).toEqual([]);
}
