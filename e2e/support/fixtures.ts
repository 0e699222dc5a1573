import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

type Catalogue = Record<string, unknown>;
const load = (locale: string): Catalogue =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../packages/domain/locales/${locale}.json`, import.meta.url)), 'utf8'),
  );
const catalogues: Record<string, Catalogue> = { en: load('en'), ur_alt: load('ur_alt') };

/** The text a person sees for a translation key, so tests find things as users do. */
export function text(locale: 'en' | 'ur_alt', key: string, values: Record<string, string> = {}): string {
  let node: unknown = catalogues[locale];
  for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${locale} text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export const DEMO = {
  email: process.env.DEMO_EMAIL ?? 'demo@riderdesk.pk',
  password: process.env.DEMO_PASSWORD ?? 'Riderdesk#2026',
};

export async function logIn(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto('/connect');
  await page.getByLabel(text('en', 'login.email')).fill(email);
  await page.getByLabel(text('en', 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('en', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/request-a-rider/);
}

export async function switchLanguage(page: Page, to: 'en' | 'ur_alt'): Promise<void> {
  await page
    .getByRole('button', { name: /Language:|زبان/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: to === 'ur_alt' ? 'اردو' : 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', to === 'ur_alt' ? 'rtl' : 'ltr');
}

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Waits for an e-mail to an address whose text matches, newest first, from the development outbox. */
export async function waitForMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await answer.json()) as { result: { messages: OutboxMessage[] } };
      found = body.result.messages.find((message) => pattern.test(message.text));
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMessage;
}
