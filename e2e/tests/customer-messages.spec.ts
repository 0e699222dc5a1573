import type { Page } from '@playwright/test';
import { expect, test, text } from '../support/fixtures.ts';
import { chooseDropOff, fillDetails, logInIn, requestWithCash } from '../support/request.ts';

// Issue 37 (decision 175): the merchant sets its customer messages in Urdu, with a handover PIN and cash
// orders confirmed first; places a cash order; the customer reads the messages (the development outbox), opens the
// link and confirms; a rider is sent and delivers with the PIN; the merchant reads it all on the order.

const ur = (key: string, values?: Record<string, string>) => text('ur_alt', key, values);

interface OutboxText {
  id: string;
  kind: string;
  text: string;
  to: string;
  order_id: string;
}

/** The texts kept for a number, newest first, once one of `kind` is there. */
async function textsFor(page: Page, phone: string, kind: string): Promise<OutboxText[]> {
  let texts: OutboxText[] = [];
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(phone)}`);
        texts = ((await answer.json()) as { result: { texts: OutboxText[] } }).result.texts;
        return texts.some((message) => message.kind === kind);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return texts;
}

test('a merchant sets Urdu messages with a PIN and cash confirmation; the customer confirms and the rider delivers with the PIN', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const digits = String(Date.now()).slice(-7);
  const phone = `+92 301 ${digits}`;
  const e164 = `+92301${digits}`;

  await logInIn(page, 'ur_alt');
  const vendorId = new URL(page.url()).pathname.split('/').at(-1)!;

  // Settings → Customer messages, in Urdu.
  await page.goto(`/settings/customer-messages?vendor_id=${vendorId}`);
  await expect(page.getByRole('heading', { name: ur('customer-messages.title'), level: 1 })).toBeVisible();
  for (const trigger of ['order_confirmed', 'picked_up', 'rider_near', 'delivered', 'failed']) {
    const toggle = page.getByRole('switch', { name: new RegExp(ur(`customer-messages.trigger.${trigger}`)) });
    if (!(await toggle.isChecked())) await toggle.click();
  }
  // The language the customers of the outlet are written to in (the segmented control's label is what is clicked).
  await page
    .getByRole('radiogroup', { name: ur('customer-messages.language.label') })
    .getByText('اردو', { exact: true })
    .click();
  await expect(page.getByRole('radio', { name: 'اردو' })).toBeChecked();
  await page.getByRole('switch', { name: new RegExp(ur('customer-messages.pin.label')) }).click();
  await page.getByRole('switch', { name: new RegExp(ur('customer-messages.cash.label')) }).click();
  const saving = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/customer-messages/settings') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: ur('customer-messages.save') }).click();
  const saved = await saving;
  expect(saved.status(), await saved.text()).toBe(200);
  // Both languages are previewed: the Urdu tab shows the confirmation request as the customer will read it.
  await page.getByRole('tab', { name: 'اردو' }).click();
  await expect(page.getByText(/کیش آرڈر کی تصدیق کریں/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/customer-messages-settings-ur_alt.png', fullPage: true });

  // A cash order for a customer of our own.
  await page.goto(`/request-a-rider/${vendorId}`);
  await chooseDropOff(page, 'ur_alt');
  await fillDetails(page, 'ur_alt', { phone });
  const orderId = await requestWithCash(page, 'ur_alt');

  // The order waits for its customer: no rider, a countdown, and the merchant may confirm by hand.
  const detail = page.getByRole('article', { name: ur('tracking.detail.label', { id: orderId }) });
  await expect(detail.getByTestId('customer-confirmation')).toContainText(ur('tracking.confirmation.confirm'));

  // The customer's phone: the development outbox holds the text, in Urdu, with the link.
  const asked = (await textsFor(page, e164, 'cash_confirmation')).find(
    (message) => message.kind === 'cash_confirmation',
  )!;
  expect(asked.order_id).toBe(orderId);
  expect(asked.text).toContain('کیش آرڈر کی تصدیق کریں');
  const outbox = await context.newPage();
  await outbox.goto('/dev/outbox');
  const sms = outbox
    .getByRole('article')
    .filter({ hasText: asked.text.slice(0, 30) })
    .first();
  await expect(sms).toContainText(`SMS to ${e164}`);
  await outbox.screenshot({ path: 'test-results/screens/customer-messages-outbox-asked.png', fullPage: true });

  // The customer opens the link and confirms: a rider is sent.
  const href = (await sms.getByRole('link').first().getAttribute('href')) ?? '';
  expect(href).toContain('/tracking/');
  const customer = await context.newPage();
  await customer.goto(new URL(href).pathname);
  const card = customer.getByTestId('order-confirmation');
  await expect(card.getByRole('timer')).toContainText(/\d+:\d\d/);
  await customer.screenshot({ path: 'test-results/screens/customer-messages-tracking-confirm.png', fullPage: true });
  // The customer reads it on a phone.
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.screenshot({
    path: 'test-results/screens/customer-messages-tracking-confirm-phone.png',
    fullPage: true,
  });
  await card.getByRole('button', { name: ur('public.confirmation.button') }).click();
  await expect(customer.getByTestId('order-confirmation')).toContainText(ur('public.confirmation.confirmed'));
  // With the confirmation the PIN: on the page, and in the next message.
  const pinOnPage = (await customer.getByTestId('handover-pin').textContent())?.trim() ?? '';
  expect(pinOnPage).toMatch(/^\d{4}$/);
  const confirmed = (await textsFor(page, e164, 'order_confirmed')).find(
    (message) => message.kind === 'order_confirmed',
  )!;
  expect(confirmed.text).toContain(`PIN ${pinOnPage}`);
  await customer.screenshot({ path: 'test-results/screens/customer-messages-tracking-pin-phone.png', fullPage: true });
  await customer.setViewportSize({ width: 1280, height: 800 });
  await customer.screenshot({ path: 'test-results/screens/customer-messages-tracking-pin.png', fullPage: true });

  // The simulated rider delivers, giving the PIN the customer tells them; the merchant reads the proofs and messages.
  await expect(detail.getByTestId('handover-pin')).toContainText(
    ur('tracking.proof.pin-checked', { time: '' }).trim(),
    {
      timeout: 120_000,
    },
  );
  const messages = detail.getByRole('region', { name: ur('tracking.messages.title') });
  for (const kind of ['cash_confirmation', 'order_confirmed', 'picked_up', 'rider_near', 'delivered']) {
    await expect(messages.getByText(ur(`customer-messages.trigger.${kind}`), { exact: true })).toBeVisible();
  }
  await expect(messages).toContainText(/\+92\*+\d{4}/);
  await expect(messages).not.toContainText(e164);
  await detail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/customer-messages-order-detail-ur_alt.png', fullPage: true });

  // Every message reached the outbox once.
  const all = await textsFor(page, e164, 'delivered');
  expect(all.map((message) => message.kind).sort()).toEqual(
    ['cash_confirmation', 'delivered', 'order_confirmed', 'picked_up', 'rider_near'].sort(),
  );
  await outbox.reload();
  await outbox.screenshot({ path: 'test-results/screens/customer-messages-outbox-all.png', fullPage: true });

  // Settings on a phone in Urdu, then in English on both; and the demo outlet's later journeys send riders to cash
  // orders at once again: its PIN and cash confirmation are turned off.
  await page.goto(`/settings/customer-messages?vendor_id=${vendorId}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: ur('customer-messages.title'), level: 1 })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/customer-messages-settings-ur_alt-phone.png', fullPage: true });
  await page.evaluate(() => window.localStorage.setItem('riderdesk-language', 'en'));
  await page.reload();
  const en = (key: string) => text('en', key);
  await expect(page.getByRole('heading', { name: en('customer-messages.title'), level: 1 })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/customer-messages-settings-en-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screens/customer-messages-settings-en.png', fullPage: true });
  for (const label of ['customer-messages.pin.label', 'customer-messages.cash.label']) {
    const toggle = page.getByRole('switch', { name: new RegExp(en(label)) });
    if (await toggle.isChecked()) await toggle.click();
  }
  const restoring = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/customer-messages/settings') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: en('customer-messages.save') }).click();
  expect((await restoring).status()).toBe(200);
});
