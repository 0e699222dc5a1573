// Screenshots of the login page and the shell, English and Urdu, desktop and phone.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl]   (the API must serve apps/web/dist)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = new URL('../../../screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const sizes = { desktop: { width: 1366, height: 800 }, mobile: { width: 390, height: 844 } };

for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const language of ['en', 'ur_alt']) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addInitScript((lang) => window.localStorage.setItem('riderdesk-language', lang), language);
    const page = await context.newPage();
    const tag = `${sizeName}-${language}`;
    await page.goto(`${base}/`);
    await page.getByRole('form').first().waitFor();
    await page.screenshot({ path: `${out}login-${tag}.png` });
    await page.screenshot({ path: `${out}landing-full-${tag}.png`, fullPage: true });

    await page.locator('input[type=email]').fill('demo@riderdesk.pk');
    await page.locator('input[type=password]').fill('Riderdesk#2026');
    await page.locator('form button[type=submit]').click();
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

    const anon = await browser.newContext({ viewport });
    await anon.addInitScript((lang) => window.localStorage.setItem('riderdesk-language', lang), language);
    const p2 = await anon.newPage();
    await p2.goto(`${base}/register`);
    await p2.getByRole('form').first().waitFor();
    await p2.locator('input[type=password]').fill('abc1');
    await p2.screenshot({ path: `${out}register-${tag}.png`, fullPage: true });
    await p2.goto(`${base}/tracking/PK-123`);
    await p2.waitForTimeout(500);
    await p2.screenshot({ path: `${out}public-tracking-${tag}.png` });
    await anon.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
