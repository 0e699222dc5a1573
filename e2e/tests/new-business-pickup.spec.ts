import { request as playwrightRequest } from '@playwright/test';
import { expect, logIn, skipWelcome, test, text, waitForMail } from '../support/fixtures.ts';

test('a new business saves its pickup address before its first request', async ({ page, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = `kitchen-${Date.now().toString(36)}@example.pk`;
  const password = 'Bahadurabad#2026';
  const registered = await api.post('/api/v1/register', {
    data: {
      registration_type: 'NPV',
      business_name: 'Bahadurabad Kitchen',
      mobile_number: '+923001112244',
      email_address: email,
      password,
    },
  });
  expect(registered.status()).toBe(200);
  const mail = await waitForMail(api, email, /verify\?token=/);
  const link = new URL(mail.text.match(/https?:\/\/\S+verify\?token=[\w-]+/)?.[0] as string);
  await page.goto(link.pathname + link.search);

  await logIn(page, email, password);
  await skipWelcome(page);
  await expect(page.getByText(text('en', 'request.origin.body'))).toBeVisible();
  // The destination is locked until the pickup address is known.
  const pickup = page.getByRole('textbox', { name: text('en', 'request.origin.search-label') });
  await pickup.fill('Bahadurabad');
  await page
    .getByRole('option', { name: /^Bahadurabad/ })
    .first()
    .click();
  await page.getByLabel(text('en', 'request.form.unit')).first().fill('Shop 4');
  await page.getByRole('button', { name: text('en', 'request.origin.save') }).click();
  await expect(page.getByText(text('en', 'order.toast.address-saved')).first()).toBeVisible();

  // The address is now the branch's own: it survives a reload and the destination search opens.
  await page.reload();
  await expect(page.getByText(text('en', 'request.origin.body'))).toBeHidden();
  await expect(page.getByRole('textbox', { name: text('en', 'request.address.label') })).toBeEnabled();
});
