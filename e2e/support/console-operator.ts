import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, text } from './fixtures.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const OPERATOR_PASSWORD = 'Console#2026';
const STEP_MS = 30_000;
type Locale = 'en' | 'ur_alt';

/** An operator of the console, set up and enrolled through the API, ready to sign in in a browser. */
export interface ConsoleOperator {
  email: string;
  secret: string;
  /** The last 30-second step a code was sent for: the next sign-in sends a later one. */
  lastStep: number;
  /** A console session's header, for putting things back after a journey. */
  authorization: string;
}

const codeAt = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });

/** The server's time, from the `iat` of a challenge it just signed (its clock runs at 00:30 in Karachi). */
function serverNowOf(challenge: string): () => number {
  const claims = JSON.parse(Buffer.from(challenge.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    iat: number;
  };
  const offset = claims.iat * 1000 - Date.now();
  return () => Date.now() + offset;
}

/**
 * `npm run ops -- create-operator` made the operator; their link, a password and the first code of their
 * authenticator app set them up (the steps the console's own journey takes in the browser).
 */
export async function setUpOperator(
  request: APIRequestContext,
  role: 'admin' | 'operations' | 'support' | 'finance',
  name: string,
): Promise<ConsoleOperator> {
  const email = `${role}-${Date.now()}@riderdesk.test`;
  const printed = execFileSync(
    'npm',
    ['run', '--silent', 'ops', '--', 'create-operator', '--email', email, '--role', role, '--name', name],
    { cwd: REPO, env: { ...process.env, ENVIRONMENT: 'san', DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' },
  );
  const link = printed.trim().split('\n').at(-1) ?? '';
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
  const setUp = await request.post('/api/v1/console/set-up', { data: { token, password: OPERATOR_PASSWORD } });
  expect(setUp.ok()).toBe(true);
  const { challenge, secret } = (await setUp.json()) as { challenge: string; secret: string };
  const step = Math.floor(serverNowOf(challenge)() / STEP_MS);
  const session = await request.post('/api/v1/console/sign-in/code', {
    data: { challenge, code: codeAt(secret, step) },
  });
  expect(session.ok()).toBe(true);
  const { token: sessionToken } = (await session.json()) as { token: string };
  return { email, secret, lastStep: step, authorization: `Bearer ${sessionToken}` };
}

/** The console's sign-in page in the browser: the password, then the app's next code. */
export async function signInToConsole(page: Page, locale: Locale, operator: ConsoleOperator): Promise<void> {
  await page.goto('/console/sign-in');
  await page.getByLabel(text(locale, 'console.sign-in.email')).fill(operator.email);
  await page.getByLabel(text(locale, 'console.sign-in.password'), { exact: true }).fill(OPERATOR_PASSWORD);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/console/sign-in'));
  await page.getByRole('button', { name: text(locale, 'console.sign-in.continue') }).click();
  const { challenge } = (await (await answer).json()) as { challenge: string };
  const serverNow = serverNowOf(challenge);
  await expect(page.getByRole('heading', { name: text(locale, 'console.sign-in.code-title') })).toBeVisible();
  const step = Math.max(operator.lastStep + 1, Math.floor(serverNow() / STEP_MS));
  operator.lastStep = step;
  await page.getByRole('textbox', { name: text(locale, 'console.sign-in.code') }).fill(codeAt(operator.secret, step));
  await page.getByRole('button', { name: text(locale, 'console.sign-in.submit') }).click();
  await expect(page).not.toHaveURL(/\/console\/sign-in/);
}
