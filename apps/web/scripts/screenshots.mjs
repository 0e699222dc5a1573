// Screenshots of the login page and the shell, English and Urdu, desktop and phone.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl]   (the API must serve apps/web/dist)
import { base, logIn, out, SIZES, shootEachView } from './screenshot-kit.mjs';

await shootEachView(SIZES, async ({ sizeName, tag, openContext }) => {
  const context = await openContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByRole('form').first().waitFor();
  await page.screenshot({ path: `${out}login-${tag}.png` });
  await page.screenshot({ path: `${out}landing-full-${tag}.png`, fullPage: true });

  await logIn(page);
  await page.waitForURL(/request-a-rider\/.+/);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}request-${tag}.png` });

  await page.goto(`${base}/order-tracking`);
  await page.waitForURL(/order-tracking\/.+/);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}tracking-${tag}.png` });

  if (sizeName === 'desktop') {
    await page.locator('header button[aria-haspopup="dialog"]').first().click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}branches-${tag}.png` });
    await page.keyboard.press('Escape');
    await page.locator('header button[aria-label]').last().click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}account-${tag}.png` });
    await page.keyboard.press('Escape');
  } else {
    await page.locator('header button').first().click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}drawer-${tag}.png` });
    await page.keyboard.press('Escape');
  }

  await page.goto(`${base}/history`);
  await page.waitForURL(/history\/.+/);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}history-${tag}.png` });
  await context.close();

  const anon = await openContext();
  const p2 = await anon.newPage();
  await p2.goto(`${base}/register`);
  await p2.getByRole('form').first().waitFor();
  await p2.locator('input[type=password]').fill('abc1');
  await p2.screenshot({ path: `${out}register-${tag}.png`, fullPage: true });
  await p2.goto(`${base}/tracking/PK-123`);
  await p2.waitForTimeout(500);
  await p2.screenshot({ path: `${out}public-tracking-${tag}.png` });
  await anon.close();
});
