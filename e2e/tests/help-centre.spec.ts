import { FAQ } from '@riderdesk/domain/help/faq';
import {
  DEMO,
  expect,
  logIn,
  placeOrder,
  sessionAuthorization,
  switchLanguage,
  test,
  text,
  DEMO_VENDOR as VENDOR,
  waitForMail,
} from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';
const SEARCH: Record<Locale, string> = { en: 'prohibited', ur_alt: 'ممنوع' };

for (const locale of ['en', 'ur_alt'] as const) {
  test(`a merchant finds an article and contacts support about an order (${locale})`, async ({ page, request }) => {
    await logIn(page);
    if (locale === 'ur_alt') await switchLanguage(page, 'ur_alt');
    const orderId = await placeOrder(request, await sessionAuthorization(page));

    await page.goto(`/order-tracking/${VENDOR}`);
    const button = page.getByRole('button', { name: text(locale, 'help-center.open-label') });
    await expect(button).toBeVisible({ timeout: 30_000 });
    await expect(button).toHaveAttribute('data-state', 'closed');
    await button.click();

    const panel = page.getByRole('dialog', { name: text(locale, 'help-center.title') });
    await expect(panel).toHaveAttribute('data-state', 'open', { timeout: 30_000 });
    const frame = page.frameLocator(`iframe[title="${text(locale, 'help-center.title')}"]`);

    // Search: the prohibited-items article comes first and opens.
    const article = FAQ.PK?.[locale]?.find((a) => a.id === 'prohibited-items');
    await frame.getByRole('searchbox', { name: text(locale, 'help-center.search') }).fill(SEARCH[locale]);
    await expect(frame.getByRole('button', { name: article?.question })).toBeVisible();
    await expect(frame.getByText(article?.answer ?? '-')).toBeVisible();
    await expect(frame.locator('[data-article]').first()).toHaveAttribute('data-article', 'prohibited-items');
    expect(await frame.locator('[data-article]').count()).toBeLessThan(FAQ.PK?.[locale]?.length ?? 0);
    await expect(frame.locator('html')).toHaveAttribute('dir', locale === 'ur_alt' ? 'rtl' : 'ltr');
    await page.screenshot({ path: `test-results/screens/help-centre-article-${locale}.png` });

    // Contact support about the order just placed.
    await frame.getByRole('combobox', { name: text(locale, 'help-center.contact.order') }).fill(orderId);
    await frame.getByRole('option', { name: new RegExp(orderId) }).click();
    await frame
      .getByRole('textbox', { name: text(locale, 'help-center.contact.message') })
      .fill('The rider has not arrived yet.');
    await frame.getByRole('button', { name: text(locale, 'help-center.contact.submit') }).click();
    const sent = frame
      .getByRole('status')
      .filter({ has: frame.locator('[data-ticket]') })
      .or(frame.locator('[data-ticket]'));
    await expect(sent.first()).toBeVisible();
    const ticket = (await frame.locator('[data-ticket]').getAttribute('data-ticket')) ?? '';
    expect(ticket).toMatch(/^HC-\d+$/);
    await expect(frame.locator('[data-ticket]')).toContainText(ticket);
    await page.screenshot({ path: `test-results/screens/help-centre-ticket-${locale}.png` });

    const mail = await waitForMail(request, DEMO.email, new RegExp(orderId));
    expect(mail.subject).toContain(ticket);

    await panel.getByRole('button', { name: text(locale, 'help-center.close') }).click();
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('data-state', 'closed');
  });
}
