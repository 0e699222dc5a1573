import type { Locator, Page } from '@playwright/test';
import { shiftDate } from '../../testing/clock.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { serverNow } from '../support/clock.ts';
import { expect, logIn, skipWelcome, switchLanguage, test, text, waitForMail } from '../support/fixtures.ts';
import { chooseDropOff, fillDetails, type Locale, logInIn, requestWithCash } from '../support/request.ts';

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
    await chooseDropOff(page, 'en');
    await fillDetails(page, 'en');
    await requestWithCash(page, 'en');
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

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

/** A collection point map (named for a screen reader) shades where the outlets deliver. */
async function expectShadedAreas(map: Locator) {
  await expect(map.locator('.leaflet-overlay-pane path').first()).toBeVisible();
}

/** The edited outlet's own area is fitted in the view, not zoomed into until the whole view is shaded. */
async function expectAreasInView(map: Locator) {
  await expectShadedAreas(map);
  const areas = map.locator('.leaflet-overlay-pane path');
  const view = await map.boundingBox();
  const boxes = await areas.evaluateAll((paths) =>
    paths.map((path) => {
      const box = path.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width, height: box.height };
    }),
  );
  expect(view).not.toBeNull();
  const covers = (box: { x: number; y: number; width: number; height: number }) =>
    view !== null &&
    box.x <= view.x &&
    box.y <= view.y &&
    box.x + box.width >= view.x + view.width &&
    box.y + box.height >= view.y + view.height;
  expect(boxes.some((box) => !covers(box))).toBe(true);
}

for (const locale of ['en', 'ur_alt'] as const satisfies readonly Locale[]) {
  test(`a collection point is added, edited and shown with the delivery areas, at desktop and phone widths (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
    const stamp = Date.now().toString(36);
    const id = `KGH-SV-${stamp}`;
    const label = `Seaview ${stamp}`;
    await page.setViewportSize({ width: 1366, height: 800 });
    await logInIn(page, locale);

    // Added from the branch menu; its map shades where the outlets deliver.
    await page.getByRole('button', { name: say('branch.choose') }).click();
    await page.getByRole('button', { name: say('branch.add') }).click();
    const add = page.getByRole('dialog', { name: say('outlet.add-title') });
    await add.getByRole('textbox', { name: say('outlet.client-id') }).fill(id);
    await add.getByRole('textbox', { name: say('outlet.label') }).fill(label);
    await add.getByRole('textbox', { name: say('outlet.address') }).fill('Boat Basin');
    await add.getByRole('option', { name: /^Boat Basin, Clifton/ }).click();
    await add.getByRole('textbox', { name: say('outlet.phone') }).fill('+92 21 3587 1234');
    // A new point is shown at the spec's outlet zoom (17), inside the areas around it.
    await expectShadedAreas(add.getByRole('region', { name: say('outlet.map') }));
    await page.screenshot({ path: `${SHOTS}/outlet-add-${locale}-1366.png` });
    await add.getByRole('button', { name: say('outlet.create') }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText(say('outlet.ready', { name: label }))).toBeVisible({ timeout: 30_000 });

    // Edited: the ID field holds the ID (and cannot change), the label the label.
    await page.getByRole('button', { name: say('branch.choose') }).click();
    await page.getByRole('button', { name: say('branch.edit', { name: label }) }).click();
    const edit = page.getByRole('dialog', { name: say('outlet.edit-title') });
    await expect(edit.getByRole('textbox', { name: say('outlet.client-id') })).toHaveValue(id);
    await expect(edit.getByRole('textbox', { name: say('outlet.client-id') })).toBeDisabled();
    await expect(edit.getByRole('textbox', { name: say('outlet.label') })).toHaveValue(label);
    await expectAreasInView(edit.getByRole('region', { name: say('outlet.map') }));
    await page.screenshot({ path: `${SHOTS}/outlet-edit-${locale}-1366.png` });
    await edit.getByRole('textbox', { name: say('outlet.label') }).fill(`${label} Marina`);
    await edit.getByRole('button', { name: say('outlet.save') }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(say('outlet.saved')).first()).toBeVisible();

    // On a phone the same dialog opens from the drawer, fills the screen and shows the areas too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('button', { name: say('nav.open-menu') })
      .first()
      .click();
    await page.getByRole('button', { name: say('branch.edit', { name: `${label} Marina` }) }).click();
    const onPhone = page.getByRole('dialog', { name: say('outlet.edit-title') });
    await expect(onPhone.getByRole('textbox', { name: say('outlet.client-id') })).toHaveValue(id);
    expect((await onPhone.boundingBox())?.width).toBe(390);
    await page.screenshot({ path: `${SHOTS}/outlet-edit-${locale}-390.png` });
    await onPhone.getByRole('region', { name: say('outlet.map') }).scrollIntoViewIfNeeded();
    await expectAreasInView(onPhone.getByRole('region', { name: say('outlet.map') }));
    await page.screenshot({ path: `${SHOTS}/outlet-map-${locale}-390.png` });
    await onPhone.getByRole('button', { name: say('outlet.cancel') }).click();
    await expect(onPhone).toBeHidden();
  });
}
