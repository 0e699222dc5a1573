// What the screenshot scripts share: the server they point at, the demo login, the browser, and the
// sizes × languages they go through. Each script takes the server's base URL as its first argument.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const base = process.argv[2] ?? 'http://localhost:8080';
export const out = new URL('../../../screenshots/', import.meta.url).pathname;
export const DEMO_LOGIN = { email_address: 'demo@riderdesk.pk', password: 'Riderdesk#2026' };
export const SIZES = { desktop: { width: 1366, height: 800 }, mobile: { width: 390, height: 844 } };
const LANGUAGES = ['en', 'ur_alt'];

/** The Authorization header of a fresh API login of the demo user. */
export async function demoAuthorization() {
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  }).then((answer) => answer.json());
  return `Bearer ${login.result.AccessToken}|${login.result.IdToken}`;
}

/** Fills and submits the login form on the page; the caller waits for where it lands. */
export async function logIn(page) {
  await page.locator('input[type=email]').fill(DEMO_LOGIN.email_address);
  await page.locator('input[type=password]').fill(DEMO_LOGIN.password);
  await page.locator('form button[type=submit]').click();
}

/**
 * Calls `shoot` once for each size and language. `openContext()` gives a fresh browser context (no
 * session) of that viewport, with the language chosen as the language menu would store it.
 */
export async function shootEachView(sizes, shoot) {
  mkdirSync(out, { recursive: true });
  // Debian's Chromium, as the end-to-end tests use (README), not a browser Playwright downloads.
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
  try {
    for (const [sizeName, viewport] of Object.entries(sizes)) {
      for (const language of LANGUAGES) {
        const openContext = async () => {
          const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
          await context.addInitScript((lang) => window.localStorage.setItem('riderdesk-language', lang), language);
          return context;
        };
        await shoot({ sizeName, language, tag: `${sizeName}-${language}`, openContext });
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots in ${out}`);
}
