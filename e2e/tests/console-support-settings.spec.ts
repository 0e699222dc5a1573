import type { Browser, Page } from '@playwright/test';
import { shiftDate } from '../../testing/clock.ts';
import { serverNow } from '../support/clock.ts';
import { type ConsoleOperator, setUpOperator, signInToConsole } from '../support/console-operator.ts';
import { expect, placeOrder, sessionAuthorization, test, text, DEMO_VENDOR as VENDOR } from '../support/fixtures.ts';
import { logInIn } from '../support/request.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';
const LANGUAGES = ['en', 'ur_alt'] as const;

/** The merchant's own browser beside the operator's, its clock on the servers' time as every page's is. */
async function merchantBrowser(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(shiftDate, serverNow() - Date.now());
  return { context, page: await context.newPage() };
}

/** Desktop first, usable on a tablet: the console's page at 1280 and at 820 wide. */
async function shootConsole(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: `${SHOTS}/${name}-820.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('the console: support and platform settings (issue 36)', () => {
  for (const locale of LANGUAGES) {
    test(`an operator turns on unplanned maintenance and a merchant's open page follows within seconds, then back (${locale})`, async ({
      browser,
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const admin: ConsoleOperator = await setUpOperator(request, 'admin', 'Ayesha Khan');
      const maintenance = (on: boolean) =>
        request.put('/api/v1/console/settings/maintenance', {
          headers: { authorization: admin.authorization },
          data: { kind: 'unplanned', on },
        });
      try {
        // The merchant, signed in, on the tracking page of their branch.
        const { context: merchantContext, page: merchant } = await merchantBrowser(browser);
        await logInIn(merchant, locale);
        await merchant.goto(`/order-tracking/${VENDOR}`);
        await expect(merchant.getByRole('button', { name: text(locale, 'help-center.open-label') })).toBeVisible({
          timeout: 30_000,
        });

        await page.addInitScript((language) => window.localStorage.setItem('riderdesk-language', language), locale);
        await page.setViewportSize({ width: 1280, height: 900 });
        await signInToConsole(page, locale, admin);
        await page.goto('/console/settings?tab=maintenance');
        const unplanned = page.getByTestId('maintenance-unplanned');
        await expect(unplanned).toContainText(text(locale, 'console.settings.maintenance.off'));
        await shootConsole(page, `console-settings-maintenance-${locale}`);
        page.once('dialog', (dialog) => void dialog.accept());
        await unplanned.getByRole('button', { name: text(locale, 'console.settings.maintenance.turn-on') }).click();
        await expect(unplanned).toContainText(text(locale, 'console.settings.maintenance.on'));

        // The merchant's open page goes to the maintenance page by itself (told over its live connection).
        await expect(merchant).toHaveURL(/\/maintenance$/, { timeout: 10_000 });
        await expect(merchant.getByText(text(locale, 'maintenance.unplanned.title'))).toBeVisible();
        await merchant.screenshot({ path: `${SHOTS}/console-maintenance-merchant-${locale}.png` });

        await unplanned.getByRole('button', { name: text(locale, 'console.settings.maintenance.turn-off') }).click();
        await expect(unplanned).toContainText(text(locale, 'console.settings.maintenance.off'));
        // Back: the maintenance page asks every few seconds whether it is over.
        await expect(merchant).not.toHaveURL(/\/maintenance$/, { timeout: 15_000 });

        await page.goto('/console/settings?tab=flags');
        await expect(page.getByTestId('flag-row').first()).toBeVisible();
        await shootConsole(page, `console-settings-flags-${locale}`);
        await page.goto('/console/settings?tab=country');
        await expect(page.getByText('serviceHours')).toBeVisible();
        await shootConsole(page, `console-settings-country-${locale}`);
        await merchantContext.close();
      } finally {
        await maintenance(false);
      }
    });

    test(`an operator answers a ticket and the merchant sees the reply in the help centre (${locale})`, async ({
      browser,
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const support = await setUpOperator(request, 'support', 'Bilal Support');
      const { context: merchantContext, page: merchant } = await merchantBrowser(browser);
      await logInIn(merchant, locale);
      const orderId = await placeOrder(request, await sessionAuthorization(merchant));

      // The merchant writes to support about the order from the help centre.
      const openHelpCentre = async () => {
        await merchant.goto(`/order-tracking/${VENDOR}`);
        const button = merchant.getByRole('button', { name: text(locale, 'help-center.open-label') });
        await expect(button).toBeVisible({ timeout: 30_000 });
        await button.click();
        const panel = merchant.getByRole('dialog', { name: text(locale, 'help-center.title') });
        await expect(panel).toHaveAttribute('data-state', 'open', { timeout: 30_000 });
        return merchant.frameLocator(`iframe[title="${text(locale, 'help-center.title')}"]`);
      };
      let frame = await openHelpCentre();
      await frame.getByRole('combobox', { name: text(locale, 'help-center.contact.order') }).fill(orderId);
      await frame.getByRole('option', { name: new RegExp(orderId) }).click();
      await frame
        .getByRole('textbox', { name: text(locale, 'help-center.contact.message') })
        .fill('The rider has not arrived yet.');
      await frame.getByRole('button', { name: text(locale, 'help-center.contact.submit') }).click();
      await expect(frame.locator('[data-ticket]').first()).toBeVisible();
      const ticket = (await frame.locator('[data-ticket]').first().getAttribute('data-ticket')) ?? '';
      expect(ticket).toMatch(/^HC-\d+$/);

      // Support picks it from the open queue, sees the order, notes and answers.
      await page.addInitScript((language) => window.localStorage.setItem('riderdesk-language', language), locale);
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInToConsole(page, locale, support);
      await page.goto('/console/support');
      await page.getByTestId('ticket-row').filter({ hasText: ticket }).click();
      const panel = page.getByTestId('ticket-panel');
      await expect(panel).toContainText('The rider has not arrived yet.');
      await panel.getByRole('button', { name: text(locale, 'console.support.view-order', { orderId }) }).click();
      await expect(page.getByTestId('ticket-order')).toBeVisible();
      await page.keyboard.press('Escape');
      await panel.getByRole('button', { name: text(locale, 'console.support.assign-to-me') }).click();
      await expect(panel.getByTestId('ticket-status')).toHaveText(text(locale, 'console.support.status.ASSIGNED'));
      await panel.getByText(text(locale, 'console.support.note'), { exact: true }).click();
      await panel
        .getByRole('textbox', { name: text(locale, 'console.support.note') })
        .fill('Rider called, 10 minutes away.');
      await panel.getByRole('button', { name: text(locale, 'console.support.add-note') }).click();
      await expect(panel.getByTestId('ticket-note')).toContainText('Rider called');
      await panel.getByText(text(locale, 'console.support.reply'), { exact: true }).click();
      const reply = `Your rider is ten minutes away (${ticket}).`;
      await panel.getByRole('textbox', { name: text(locale, 'console.support.reply') }).fill(reply);
      await panel.getByRole('button', { name: text(locale, 'console.support.send-reply') }).click();
      await expect(panel.getByTestId('ticket-reply')).toContainText(reply);
      await expect(panel.getByTestId('ticket-status')).toHaveText(
        text(locale, 'console.support.status.WAITING_ON_MERCHANT'),
      );
      await shootConsole(page, `console-support-${locale}`);

      // The merchant sees the reply in the help centre, never the note.
      frame = await openHelpCentre();
      const mine = frame.getByTestId('support-ticket').filter({ hasText: ticket });
      await expect(mine.getByTestId('support-reply')).toContainText(reply);
      await expect(frame.getByText('Rider called')).toHaveCount(0);
      await merchant.screenshot({ path: `${SHOTS}/console-support-merchant-reply-${locale}.png` });
      await merchantContext.close();
    });
  }
});
