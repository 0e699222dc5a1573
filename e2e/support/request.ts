import type { Locator, Page } from '@playwright/test';
import { expect, logIn, switchLanguage, text } from './fixtures.ts';

export type Locale = 'en' | 'ur_alt';

/** The demo merchant logged in, then the page in the journey's language. */
export async function logInIn(page: Page, locale: Locale): Promise<void> {
  await logIn(page);
  if (locale === 'ur_alt') await switchLanguage(page, 'ur_alt');
}

/**
 * The drop-off of the request page: typed, picked from the suggestions and, unless told otherwise, priced
 * (the quote shows a figure) before the details unlock.
 */
export async function chooseDropOff(
  page: Page,
  locale: Locale,
  options: { search?: string; pick?: RegExp; waitForQuote?: boolean } = {},
): Promise<void> {
  const address = page.getByRole('textbox', { name: text(locale, 'request.address.label') });
  // A first load on a shared machine can be slow.
  await expect(address).toBeEnabled({ timeout: 30_000 });
  await address.fill(options.search ?? 'Zamzama');
  await page.getByRole('option', { name: options.pick ?? /^Zamzama Commercial/ }).click();
  if (options.waitForQuote ?? true) {
    await expect(page.getByRole('status', { name: text(locale, 'request.quote.title') })).toContainText(/\d/);
  }
}

export interface CustomerDetails {
  name?: string;
  /** Typed key by key, as a person does (the field groups the digits as they come). */
  phone?: string;
  description?: string;
  amount?: string;
}

const DEFAULT_DETAILS: Required<CustomerDetails> = {
  name: 'Ayesha Khan',
  phone: '+92 300 1234567',
  description: 'Chicken biryani x2',
  amount: '1500',
};

/** The details step filled in (the defaults for what is not given), then Continue to the payment step. */
export async function fillDetails(page: Page, locale: Locale, given: CustomerDetails = {}): Promise<Locator> {
  const say = (key: string) => text(locale, key);
  const filled = { ...DEFAULT_DETAILS, ...given };
  const details = page.getByRole('form', { name: say('request.step.details') });
  await details.getByLabel(say('request.form.customer-name')).fill(filled.name);
  const phone = details.getByLabel(say('request.form.phone.label'));
  await phone.pressSequentially(filled.phone);
  // Grouped as it was typed, nothing dropped.
  await expect(phone).toHaveValue(filled.phone);
  await details.getByLabel(say('request.form.description')).fill(filled.description);
  await details.getByLabel(say('request.form.amount')).fill(filled.amount);
  await details.getByRole('button', { name: say('request.form.continue') }).click();
  return page.getByRole('form', { name: say('request.step.payment') });
}

/** Cash on delivery chosen and the rider requested; the order is pushed and its tracking opens. */
export async function requestWithCash(page: Page, locale: Locale): Promise<string> {
  const say = (key: string) => text(locale, key);
  const payment = page.getByRole('form', { name: say('request.step.payment') });
  await payment.getByRole('radio', { name: new RegExp(say('request.payment.CASH_ON_DELIVERY')) }).check();
  await payment.getByRole('button', { name: say('request.submit') }).click();
  await expect(page.getByText(say('order.toast.pushed'))).toBeVisible();
  await expect(page).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=[\w-]+/);
  return new URL(page.url()).searchParams.get('order_id') ?? '';
}
