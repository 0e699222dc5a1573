// Screenshots of the operator console (decision 171), English and Urdu, desktop and tablet: set-up, the
// authenticator app's enrolment, the recovery codes, the sign-in, Operators with its invite dialog, the audit log.
// Usage: DATA_DIR=<the server's data folder> node apps/web/scripts/console-screenshots.mjs [baseUrl]
// (the API must serve apps/web/dist; each view makes its own admin with `npm run ops -- create-operator`).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { base, out, shootEachView } from './screenshot-kit.mjs';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const PASSWORD = 'Console#2026';
const SIZES = { desktop: { width: 1366, height: 800 }, tablet: { width: 768, height: 1024 } };
const settle = (page) => page.waitForTimeout(500);

function createAdmin(tag) {
  const email = `shots-${tag}-${randomBytes(3).toString('hex')}@riderdesk.test`;
  const printed = execFileSync(
    'npm',
    ['run', '--silent', 'ops', '--', 'create-operator', '--email', email, '--role', 'admin', '--name', 'Ayesha Khan'],
    { cwd: REPO, env: process.env, encoding: 'utf8' },
  );
  const link = printed.trim().split('\n').at(-1);
  return { email, path: new URL(link).pathname + new URL(link).hash };
}

const codeOf = (secret) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) }).generate();

await shootEachView(SIZES, async ({ sizeName, tag, openContext }) => {
  const admin = createAdmin(tag);
  const context = await openContext();
  const page = await context.newPage();
  await page.goto(`${base}${admin.path}`);
  await page.locator('form input[type=password]').first().waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}console-set-up-${tag}.png` });
  const passwords = page.locator('form input[type=password]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  const secret = await page.getByTestId('totp-secret').textContent();
  await settle(page);
  await page.screenshot({ path: `${out}console-enrol-${tag}.png`, fullPage: true });
  await page.locator('input[autocomplete=one-time-code]').fill(codeOf(secret ?? ''));
  await page.locator('form button[type=submit]').click();
  await page.getByTestId('recovery-code').first().waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}console-recovery-codes-${tag}.png`, fullPage: true });
  await page.locator('main button').last().click();
  await page.getByTestId('operator-row').first().waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}console-operators-${tag}.png` });
  await page.locator('main button').first().click();
  await page.getByRole('dialog').waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}console-invite-${tag}.png` });
  await page.keyboard.press('Escape');
  if (sizeName === 'tablet') {
    await page.locator('header button').first().click();
    await settle(page);
    await page.screenshot({ path: `${out}console-menu-${tag}.png` });
    await page.locator('nav a').last().click();
  } else {
    await page.locator('nav a').last().click();
  }
  await page.getByTestId('audit-row').first().waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}console-audit-log-${tag}.png`, fullPage: true });

  // The sign-in of an enrolled operator, in a browser without a session.
  const fresh = await (await openContext()).newPage();
  await fresh.goto(`${base}/console/operators`);
  await fresh.locator('form input[type=email]').waitFor();
  await settle(fresh);
  await fresh.screenshot({ path: `${out}console-sign-in-${tag}.png` });
  await fresh.locator('form input[type=email]').fill(admin.email);
  await fresh.locator('form input[type=password]').fill(PASSWORD);
  await fresh.locator('form button[type=submit]').click();
  await fresh.locator('input[autocomplete=one-time-code]').waitFor();
  await settle(fresh);
  await fresh.screenshot({ path: `${out}console-code-${tag}.png` });
  await context.close();
});
