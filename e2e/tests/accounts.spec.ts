import { request as playwrightRequest } from '@playwright/test';
import { expect, logIn, skipWelcome, test, text, waitForMail } from '../support/fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('accounts', () => {
  test('a new business registers, verifies its e-mail and logs in', async ({ page, baseURL }) => {
    const email = `owner-${unique()}@example.pk`;
    const password = 'Karachi#2026';
    await page.goto('/register');
    await page.getByText(text('en', 'register.type.npv')).click();
    await page.getByLabel(text('en', 'register.business-name')).fill('Saddar Sweets');
    await page.getByLabel(text('en', 'register.mobile-number')).fill('3001234567');
    await page.getByLabel(text('en', 'register.email')).fill(email);
    await page.getByLabel(text('en', 'register.password'), { exact: true }).fill(password);
    await page.getByLabel(text('en', 'register.confirm-password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text('en', 'register.submit') }).click();
    await expect(page.getByText(text('en', 'register.check-email.title'))).toBeVisible();

    // Before verification the login is refused with the spec's code.
    await page.goto('/connect');
    await page.getByLabel(text('en', 'login.email')).fill(email);
    await page.getByLabel(text('en', 'login.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text('en', 'login.submit') }).click();
    await expect(page.getByText(text('en', 'auth.UserNotConfirmedException'))).toBeVisible();

    const api = await playwrightRequest.newContext({ baseURL });
    const mail = await waitForMail(api, email, /verify\?token=/);
    const link = mail.text.match(/https?:\/\/\S+verify\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(new URL(link as string).pathname + new URL(link as string).search, baseURL).toString());
    await expect(page.getByText(text('en', 'register.verified.success'))).toBeVisible();

    await logIn(page, email, password);
    await skipWelcome(page);
    await expect(page.getByText('Saddar Sweets').filter({ visible: true }).first()).toBeVisible();
  });

  test('a forgotten password is reset with the e-mailed code', async ({ page, baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const email = `cashier-${unique()}@example.pk`;
    const registered = await api.post('/api/v1/register', {
      data: {
        registration_type: 'NPV',
        business_name: 'Clifton Bakery',
        mobile_number: '+923001112233',
        email_address: email,
        password: 'Original#2026',
      },
    });
    expect(registered.status()).toBe(200);

    await page.goto('/forgot-password');
    await page.getByLabel(text('en', 'login.email')).fill(email);
    await page.getByRole('button', { name: text('en', 'forgot.submit') }).click();
    const mail = await waitForMail(api, email, /\b\d{6}\b/);
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] as string;
    await page.getByLabel(text('en', 'reset.code')).fill(code);
    await page.getByLabel(text('en', 'reset.new-password'), { exact: true }).fill('Changed#2026');
    await page.getByLabel(text('en', 'reset.confirm-password'), { exact: true }).fill('Changed#2026');
    await page.getByRole('button', { name: text('en', 'reset.submit') }).click();
    await expect(page.getByText(text('en', 'reset.success'))).toBeVisible();

    await logIn(page, email, 'Changed#2026');
    await skipWelcome(page);
  });
});
