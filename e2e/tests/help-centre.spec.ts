import { FAQ } from '@riderdesk/domain/help/faq';
import {
  DEMO,
  expect,
  placeOrder,
  sessionAuthorization,
  test,
  text,
  DEMO_VENDOR as VENDOR,
  waitForMail,
} from '../support/fixtures.ts';
import { type Locale, logInIn } from '../support/request.ts';

const SEARCH: Record<Locale, string> = { en: 'prohibited', ur_alt: 'ممنوع' };
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';
const REFUND: Record<Locale, string> = { en: 'refund', ur_alt: 'ریفنڈ' };

for (const locale of ['en', 'ur_alt'] as const) {
  test(`a merchant finds an article and contacts support about an order (${locale})`, async ({ page, request }) => {
    // A whole journey (log in, an order, the frame, a ticket and its e-mail) on a shared machine.
    test.setTimeout(150_000);
    await logInIn(page, locale);
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
    await page.screenshot({ path: `${SHOTS}/help-centre-article-${locale}.png` });

    // A word of an article's text finds it: "refund" (or its Urdu) opens the card payments and refunds article.
    await frame.getByRole('searchbox', { name: text(locale, 'help-center.search') }).fill(REFUND[locale]);
    await expect(frame.locator('[data-article]').first()).toHaveAttribute('data-article', 'card-payments-refunds');
    await page.screenshot({ path: `${SHOTS}/help-centre-refund-${locale}.png` });

    // Contact support about the order just placed.
    await frame.getByRole('combobox', { name: text(locale, 'help-center.contact.order') }).fill(orderId);
    await frame.getByRole('option', { name: new RegExp(orderId) }).click();
    await frame
      .getByRole('textbox', { name: text(locale, 'help-center.contact.message') })
      .fill('The rider has not arrived yet.');
    await frame.getByRole('button', { name: text(locale, 'help-center.contact.submit') }).click();
    // The confirmation names the new ticket (the merchant's earlier tickets are listed below it too).
    const sent = frame.locator('[role="status"][data-ticket]');
    await expect(sent).toBeVisible();
    const ticket = (await sent.getAttribute('data-ticket')) ?? '';
    expect(ticket).toMatch(/^HC-\d+$/);
    await expect(sent).toContainText(ticket);
    await page.screenshot({ path: `${SHOTS}/help-centre-ticket-${locale}.png` });
    // The confirmation offers to write about another order, which brings the form back, empty.
    await frame.getByRole('button', { name: text(locale, 'help-center.contact.send-another') }).click();
    await expect(frame.getByRole('textbox', { name: text(locale, 'help-center.contact.message') })).toHaveValue('');

    const mail = await waitForMail(request, DEMO.email, new RegExp(orderId));
    expect(mail.subject).toContain(ticket);

    await panel.getByRole('button', { name: text(locale, 'help-center.close') }).click();
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('data-state', 'closed');
  });
}
