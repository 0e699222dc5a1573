import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, text } from './fixtures.ts';

// The console's journeys (issue 36): operators made from the command line, signed in with a password and TOTP.

const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const CONSOLE_PASSWORD = 'Console#2026';
export const CONSOLE_LANGUAGES = ['en', 'ur_alt'] as const;
export type ConsoleLocale = (typeof CONSOLE_LANGUAGES)[number];

/** `npm run ops -- …` against the journeys' server (through it, as it holds the embedded database); what it printed. */
export function runOps(args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: REPO,
    env: { ...process.env, ENVIRONMENT: 'san', DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

/** `npm run ops -- create-operator`, as the deployment's first operator is made: its set-up link, printed once. */
export function createOperatorFromCommandLine(email: string, role = 'admin'): string {
  const printed = runOps(['create-operator', '--email', email, '--role', role, '--name', 'Ayesha Khan']);
  const link = printed.trim().split('\n').at(-1) ?? '';
  expect(link).toMatch(/\/console\/set-up#token=[\w-]{43}$/);
  return link;
}

export const STEP_MS = 30_000;

/**
 * The server's clock (it runs at 00:30 in Karachi, from its own start): read from the `iat` of the challenge it just
 * answered, so the codes are those the operator's phone would show beside that server.
 */
export async function serverClockOf(answer: Promise<Response>): Promise<() => number> {
  const { challenge } = (await (await answer).json()) as { challenge: string };
  const claims = JSON.parse(Buffer.from(challenge.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    iat: number;
  };
  const offset = claims.iat * 1000 - Date.now();
  return () => Date.now() + offset;
}

export const codeAt = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });

/** The sign-in page: the password, then a code of the app for a step after `lastStep` (a code is taken once). */
export async function signIn(page: Page, locale: ConsoleLocale, email: string, secret: string, lastStep: number) {
  await page.getByLabel(text(locale, 'console.sign-in.email')).fill(email);
  await page.getByLabel(text(locale, 'console.sign-in.password'), { exact: true }).fill(CONSOLE_PASSWORD);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/console/sign-in'));
  await page.getByRole('button', { name: text(locale, 'console.sign-in.continue') }).click();
  const serverNow = await serverClockOf(answer);
  await expect(page.getByRole('heading', { name: text(locale, 'console.sign-in.code-title') })).toBeVisible();
  const step = Math.max(lastStep + 1, Math.floor(serverNow() / STEP_MS));
  await page.getByRole('textbox', { name: text(locale, 'console.sign-in.code') }).fill(codeAt(secret, step));
  await page.getByRole('button', { name: text(locale, 'console.sign-in.submit') }).click();
}

/**
 * A set-up link followed to the end, in the page's language: a password, the authenticator app enrolled with its
 * first code, the recovery codes acknowledged. The operator is then signed in.
 */
export async function setUpFromLink(page: Page, locale: ConsoleLocale, link: string): Promise<void> {
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByLabel(text(locale, 'console.set-up.password'), { exact: true }).fill(CONSOLE_PASSWORD);
  await page.getByLabel(text(locale, 'console.set-up.confirmation'), { exact: true }).fill(CONSOLE_PASSWORD);
  const setUp = page.waitForResponse((response) => response.url().endsWith('/api/v1/console/set-up'));
  await page.getByRole('button', { name: text(locale, 'console.set-up.submit') }).click();
  const serverNow = await serverClockOf(setUp);
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  const step = Math.floor(serverNow() / STEP_MS);
  await page.getByRole('textbox', { name: text(locale, 'console.enrol.code') }).fill(codeAt(secret, step));
  await page.getByRole('button', { name: text(locale, 'console.enrol.confirm') }).click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await page.getByRole('button', { name: text(locale, 'console.recovery.kept') }).click();
}
