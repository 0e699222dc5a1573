import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { shiftDate } from '../../testing/clock.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { serverNow } from '../support/clock.ts';
import { expect, logIn, switchLanguage, test, text } from '../support/fixtures.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Console#2026';
const DEMO_PARENT = 'pk-karachi-grill';
const LANGUAGES = ['en', 'ur_alt'] as const;
type Locale = (typeof LANGUAGES)[number];
const STEP_MS = 30_000;
const WIDTHS = [1280, 820] as const;

/** `npm run ops -- …` against the server's data folder, as the deployment's staff run it. */
function ops(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: REPO,
    env: { ...process.env, ENVIRONMENT: 'san', DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

const codeAt = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });

/** The server's clock, from the `iat` of a challenge it just answered (it does not run at the wall clock's time). */
function serverStepOf(challenge: string): () => number {
  const claims = JSON.parse(Buffer.from(challenge.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    iat: number;
  };
  const offset = claims.iat * 1000 - Date.now();
  return () => Math.floor((Date.now() + offset) / STEP_MS);
}

/** An admin made on the command line who has set up their password and authenticator app: their app's secret. */
async function adminReady(request: APIRequestContext, email: string): Promise<{ secret: string; lastStep: number }> {
  const printed = ops('create-operator', '--email', email, '--role', 'admin', '--name', 'Bilal Ahmed');
  const link = printed.trim().split('\n').at(-1) ?? '';
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
  const setUp = await request.post('/api/v1/console/set-up', { data: { token, password: PASSWORD } });
  expect(setUp.ok()).toBe(true);
  const { challenge, secret } = (await setUp.json()) as { challenge: string; secret: string };
  const step = serverStepOf(challenge)();
  const enrolled = await request.post('/api/v1/console/sign-in/code', {
    data: { challenge, code: codeAt(secret, step) },
  });
  expect(enrolled.ok()).toBe(true);
  return { secret, lastStep: step };
}

/** The console's sign-in page: the password, then the app's code for a later step than the last one used. */
async function signIn(page: Page, locale: Locale, email: string, app: { secret: string; lastStep: number }) {
  await page.goto('/console/sign-in');
  await page.getByLabel(text(locale, 'console.sign-in.email')).fill(email);
  await page.getByLabel(text(locale, 'console.sign-in.password'), { exact: true }).fill(PASSWORD);
  const answer = page.waitForResponse((response: Response) => response.url().endsWith('/api/v1/console/sign-in'));
  await page.getByRole('button', { name: text(locale, 'console.sign-in.continue') }).click();
  const { challenge } = (await (await answer).json()) as { challenge: string };
  const step = Math.max(app.lastStep + 1, serverStepOf(challenge)());
  await page.getByRole('textbox', { name: text(locale, 'console.sign-in.code') }).fill(codeAt(app.secret, step));
  await page.getByRole('button', { name: text(locale, 'console.sign-in.submit') }).click();
  // Signed in: the console opens on the first section the operator may open.
  await expect(page).toHaveURL(/\/console\/(?!sign-in$)[a-z-]+$/);
}

/** The page at each width the console is made for (desktop, tablet), kept beside the test's results. */
async function screenshots(page: Page, name: string, path: (file: string) => string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('the console’s vendors and vouchers (issue 36)', () => {
  for (const locale of LANGUAGES) {
    test(`an operator approves a pending collection point and creates a voucher; the merchant requests a rider from it with the voucher (${locale})`, async ({
      page,
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(240_000);
      const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
      const stamp = `${locale.replace('_', '-')}-${Date.now()}`;
      const outletId = `cp-${stamp}`;
      const outletName = `Saddar counter ${stamp}`;
      // A collection point that waits for an operator (no activation job is sent for it).
      ops(
        'create-outlet',
        '--parent',
        DEMO_PARENT,
        '--id',
        outletId,
        '--name',
        outletName,
        '--lat',
        '24.8607',
        '--lng',
        '67.0104',
        '--address',
        'Shop 3, Abdullah Haroon Road, Saddar, Karachi',
        '--pending',
      );
      const email = `vendors-${stamp}@riderdesk.test`;
      const app = await adminReady(request, email);
      await page.addInitScript((language) => window.localStorage.setItem('riderdesk-language', language), locale);
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, locale, email, app);

      // The vendors list: the pending collection point, found by its name.
      const nav = page.getByRole('navigation', { name: say('console.nav.label') });
      await nav.getByRole('link', { name: say('console.nav.vendors') }).click();
      await expect(page).toHaveURL(/\/console\/vendors$/);
      await page.getByLabel(say('console.vendors.search-label')).fill(outletName);
      await page.getByRole('button', { name: say('console.vendors.search') }).click();
      const row = page.getByTestId('vendor-row').filter({ hasText: outletName });
      await expect(row).toContainText(say('console.vendors.state.pending'));
      await expectNoSeriousViolations(page);
      await screenshots(page, `vendors-${locale}`, (file) => testInfo.outputPath(file));

      // Its page, then the approval: the area checked on the map, redrawn as an 8 km circle, approved.
      await row.getByRole('link', { name: outletName }).click();
      await expect(page.getByRole('heading', { name: outletName })).toBeVisible();
      const outletRow = page.getByTestId('outlet-row').filter({ hasText: outletId });
      await outletRow.getByRole('button', { name: say('console.vendors.approve') }).click();
      const dialog = page.getByRole('dialog', { name: say('console.vendors.approve-title', { name: outletName }) });
      await expect(
        dialog.getByRole('region', { name: say('console.vendors.map', { name: outletName }) }),
      ).toBeVisible();
      await expect(dialog.getByRole('img', { name: say('console.vendors.corner', { index: '24' }) })).toBeAttached();
      await dialog.getByLabel(say('console.vendors.radius')).fill('8');
      await dialog.getByRole('button', { name: say('console.vendors.redraw') }).click();
      await expectNoSeriousViolations(page);
      await screenshots(page, `approve-${locale}`, (file) => testInfo.outputPath(file));
      const approved = page.waitForResponse((response) => response.url().endsWith(`/outlets/${outletId}/approve`));
      await dialog.getByRole('button', { name: say('console.vendors.approve') }).click();
      expect((await approved).status()).toBe(200);
      await expect(dialog).toBeHidden();
      await expect(outletRow).toContainText(say('console.vendors.state.active'));
      // Cash on delivery offered at this collection point.
      const cash = page.getByRole('checkbox', { name: say('tracking.payment-method.CASH_ON_DELIVERY') });
      if (!(await cash.isChecked())) {
        await cash.check();
        await page.getByRole('button', { name: say('console.vendors.save') }).click();
        await expect(page.getByText(say('console.vendors.saved'))).toBeVisible();
      }
      await screenshots(page, `vendor-${locale}`, (file) => testInfo.outputPath(file));

      // A voucher: 40 off, for every vendor, at most one use per merchant.
      const code = `E2E${Date.now().toString(36).toUpperCase()}`;
      await nav.getByRole('link', { name: say('console.nav.vouchers') }).click();
      await expect(page).toHaveURL(/\/console\/vouchers$/);
      await page.getByRole('button', { name: say('console.vouchers.new') }).click();
      const form = page.getByRole('dialog', { name: say('console.vouchers.new') });
      await form.getByLabel(say('console.vouchers.code')).fill(code.toLowerCase());
      await form.getByLabel(say('console.vouchers.value-amount', { currency: 'PKR' })).fill('40');
      await form.getByLabel(say('console.vouchers.max-uses-per-vendor')).fill('1');
      await expectNoSeriousViolations(page);
      await screenshots(page, `voucher-form-${locale}`, (file) => testInfo.outputPath(file));
      await form.getByRole('button', { name: say('console.vouchers.create') }).click();
      await expect(form).toBeHidden();
      const voucherRow = page.getByTestId('voucher-row').filter({ hasText: code });
      await expect(voucherRow).toContainText(say('console.vouchers.status.active'));

      // The merchant requests a rider from the approved collection point, with the voucher.
      // A browser of its own: the merchant's language and session are not the operator's.
      const merchantContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      await merchantContext.addInitScript(shiftDate, serverNow() - Date.now());
      const merchant = await merchantContext.newPage();
      await logIn(merchant);
      if (locale === 'ur_alt') await switchLanguage(merchant, 'ur_alt');
      await merchant.goto(`/request-a-rider/${outletId}`);
      const address = merchant.getByRole('textbox', { name: say('request.address.label') });
      await expect(address).toBeEnabled();
      await address.fill('Zamzama');
      await merchant.getByRole('option', { name: /^Zamzama Commercial/ }).click();
      await expect(merchant.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);
      const details = merchant.getByRole('form', { name: say('request.step.details') });
      await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
      await details.getByLabel(say('request.form.phone.label')).pressSequentially('+92 300 1234567');
      await details.getByLabel(say('request.form.description')).fill('Chicken biryani x2');
      await details.getByLabel(say('request.form.amount')).fill('1500');
      await details.getByRole('button', { name: say('request.form.continue') }).click();
      const payment = merchant.getByRole('form', { name: say('request.step.payment') });
      await payment.getByRole('radio', { name: new RegExp(say('request.payment.CASH_ON_DELIVERY')) }).check();
      await payment.getByLabel(say('request.voucher.label')).fill(code.toLowerCase());
      await payment.getByRole('button', { name: say('request.voucher.apply') }).click();
      await expect(payment.getByText(new RegExp(code))).toBeVisible();
      await payment.getByRole('button', { name: say('request.submit') }).click();
      await expect(merchant).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=[\w-]+/);
      await merchantContext.close();

      // The operator sees the use and the discount given.
      await page.reload();
      await expect(voucherRow.getByTestId('voucher-uses')).toHaveText('1');
      await voucherRow.getByRole('button', { name: say('console.vouchers.actions-of', { code }) }).click();
      await page.getByRole('menuitem', { name: say('console.vouchers.uses') }).click();
      const uses = page.getByRole('dialog', { name: say('console.vouchers.uses-of', { code }) });
      await expect(uses.getByTestId('voucher-use')).toHaveCount(1);
      await expect(uses.getByTestId('voucher-use')).toContainText(outletName);
      await screenshots(page, `voucher-uses-${locale}`, (file) => testInfo.outputPath(file));
    });
  }
});
