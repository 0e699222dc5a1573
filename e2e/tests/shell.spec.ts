import { DEMO, expect, logIn, switchLanguage, test, text } from '../support/fixtures.ts';

test.describe('the merchant shell', () => {
  test('a logged-out visitor is sent to the login page', async ({ page }) => {
    await page.goto('/order-tracking');
    await expect(page).toHaveURL(/\/$|\/connect$/);
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
  });

  test('a wrong password shows the login error', async ({ page }) => {
    await page.goto('/connect');
    await page.getByLabel(text('en', 'login.email')).fill(DEMO.email);
    await page.getByLabel(text('en', 'login.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: text('en', 'login.submit') }).click();
    await expect(page.getByText(text('en', 'auth.NotAuthorizedException'))).toBeVisible();
    await expect(page).toHaveURL(/\/connect$/);
  });

  test('the landing page names the country in the page language', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(text('en', 'landing.badge', { country: text('en', 'country.PK') }))).toBeVisible();
    await switchLanguage(page, 'ur_alt');
    await expect(
      page.getByText(text('ur_alt', 'landing.badge', { country: text('ur_alt', 'country.PK') })),
    ).toBeVisible();
  });

  test('log in, see the shell, switch to Urdu right to left, log out', async ({ page }) => {
    await logIn(page);
    const nav = page.getByRole('navigation', { name: text('en', 'nav.label') });
    await expect(nav.getByRole('link', { name: text('en', 'nav.tracking') })).toBeVisible();
    await expect(nav.getByRole('link', { name: text('en', 'nav.history') })).toBeVisible();
    await expect(page.getByText('Karachi Grill House').filter({ visible: true }).first()).toBeVisible();

    await nav.getByRole('link', { name: text('en', 'nav.tracking') }).click();
    await expect(page).toHaveURL(/\/order-tracking\/[\w-]+/);

    await switchLanguage(page, 'ur_alt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
    const urduNav = page.getByRole('navigation', { name: text('ur_alt', 'nav.label') });
    await expect(urduNav.getByRole('link', { name: text('ur_alt', 'nav.history') })).toBeVisible();
    // Right to left: the brand logo sits at the right edge of the top bar.
    const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
    expect(logo?.x ?? 0).toBeGreaterThan((page.viewportSize()?.width ?? 0) / 2);

    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: text('en', 'account.open') }).click();
    await expect(page.getByText(DEMO.email)).toBeVisible();
    await page.getByRole('button', { name: text('en', 'account.logout') }).click();
    // A notification says it once (spec §4): the session the server ends as it answers is the logout's doing.
    await expect(page.getByText(text('en', 'auth.disconnected'))).toHaveCount(1);
    await expect(page.getByText(text('en', 'auth.disconnected'))).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();

    // The old session no longer opens authenticated pages.
    await page.goto('/history');
    await expect(page).not.toHaveURL(/\/history/);
  });

  test('the mobile drawer holds the links, branches and logout @mobile', async ({ page }) => {
    await logIn(page);
    await page
      .getByRole('button', { name: text('en', 'nav.open-menu') })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: text('en', 'nav.history') })).toBeVisible();
    await expect(drawer.getByText('Karachi Grill House — Clifton')).toBeVisible();
    await expect(drawer.getByRole('button', { name: text('en', 'account.logout') })).toBeVisible();
  });
});
