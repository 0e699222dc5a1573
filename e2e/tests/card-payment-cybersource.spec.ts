import { expect, logIn, test, text } from '../support/fixtures.ts';

// The cybersource project: a server with PAYMENT_PROVIDER=cybersource and the fake CyberSource
// (testing/fake-cybersource.ts), whose stand-in Microform library puts the card fields in the page.

test.describe('card payment with CyberSource', () => {
  test('pays by card in Microform with 3-D Secure, and the order is captured', async ({ page }) => {
    test.setTimeout(180_000);
    const say = (key: string, values?: Record<string, string>) => text('en', key, values);
    await logIn(page);
    await page.goto('/request-a-rider/pk-karachi-grill');
    const address = page.getByRole('textbox', { name: say('request.address.label') });
    await expect(address).toBeEnabled({ timeout: 30_000 });
    await address.fill('Zamzama');
    await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
    await expect(page.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);
    const details = page.getByRole('form', { name: say('request.step.details') });
    await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
    await details.getByLabel(say('request.form.phone.label')).pressSequentially('+92 300 1234567');
    await details.getByLabel(say('request.form.description')).fill('Chicken biryani x2');
    await details.getByLabel(say('request.form.amount')).fill('1500');
    await details.getByRole('button', { name: say('request.form.continue') }).click();

    const payment = page.getByRole('form', { name: say('request.step.payment') });
    await payment.getByRole('radio', { name: new RegExp(say('request.payment.ONLINE_PAYMENT')) }).check();
    await payment.getByLabel(say('request.card.name')).fill('Ayesha Khan');
    // Microform's fields, mounted from the client library the capture context names.
    const number = payment.getByRole('group', { name: say('request.card.number') }).getByRole('textbox');
    await expect(number).toBeVisible({ timeout: 30_000 });
    await number.fill('4111 1111 1111 3220');
    await payment.getByLabel(say('request.card.expiry-month')).fill('12');
    await payment.getByLabel(say('request.card.expiry-year')).fill('30');
    await payment
      .getByRole('group', { name: say('request.card.cvc') })
      .getByRole('textbox')
      .fill('123');
    await payment.getByRole('button', { name: say('request.submit') }).click();

    // Our page posts to the issuer's step-up page (the fake's), which sends the cardholder back.
    await expect(page.getByRole('heading', { name: 'Issuer authentication (test)' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/order-tracking\/[\w-]+\?order_id=[\w-]+/);
    const orderId = new URL(page.url()).searchParams.get('order_id')!;

    const detail = page.getByRole('article', { name: say('tracking.detail.label', { id: orderId }) });
    await expect(detail).toBeVisible({ timeout: 30_000 });
    await expect(detail.getByText(say('tracking.payment.card-status.captured'), { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(detail.getByText('VISA •••• 3220')).toBeVisible();
  });
});
