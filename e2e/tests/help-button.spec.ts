import type { Locator, Page } from '@playwright/test';
import { expect, logIn, switchLanguage, test, text } from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';
const SHOTS = '/tmp/shots/i32-form';

async function shoot(page: Page, name: string, locale: Locale) {
  await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${page.viewportSize()?.width}.png` });
}

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
}

/** The texts and controls of the page's main area that lie under the floating help button, at the page's end. */
async function coveredAtPageEnd(page: Page, help: Locator): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const box = await help.boundingBox();
  if (!box) return [];
  return page.evaluate((button) => {
    const covered: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const isLeafText = element.children.length === 0 && (element.textContent ?? '').trim() !== '';
      const isControl = element.matches('button, a, input, textarea, [role="radio"], [role="status"]');
      if (!isLeafText && !isControl) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const overlaps =
        rect.left < button.x + button.width &&
        rect.right > button.x &&
        rect.top < button.y + button.height &&
        rect.bottom > button.y;
      if (overlaps) covered.push(element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName);
    }
    return covered;
  }, box);
}

/** Whether the help button is what a click at its centre reaches (false when something lies above it). */
async function isOnTop(page: Page, help: Locator): Promise<boolean> {
  const box = await help.boundingBox();
  if (!box) return false;
  return page.evaluate(
    ({ x, y }) => {
      return !!document.elementFromPoint(x, y)?.closest('.mantine-Affix-root');
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

for (const locale of ['en', 'ur_alt'] as const) {
  const say = (key: string, values?: Record<string, string>) => text(locale, key, values);

  test(`the help button covers nothing, and the request form shows every error at once (${locale})`, async ({
    page,
  }) => {
    await atWidth(page, 1280);
    await logIn(page);
    if (locale === 'ur_alt') await switchLanguage(page, 'ur_alt');
    const help = page.getByRole('button', { name: say('help-center.open-label') });

    await page.goto('/request-a-rider');
    await expect(page).toHaveURL(/\/request-a-rider\/[\w-]+/);
    const address = page.getByRole('textbox', { name: say('request.address.label') });
    await expect(address).toBeEnabled();
    await address.fill('Zamzama');
    await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
    await expect(page.getByRole('status', { name: say('request.quote.title') })).toContainText(/\d/);

    // Sent empty, the details name every missing field at once.
    const details = page.getByRole('form', { name: say('request.step.details') });
    await details.getByRole('button', { name: say('request.form.continue') }).click();
    await expect(details.getByText(say('validation.fill-customer-name'))).toBeVisible();
    await expect(details.getByText(say('validation.fill-customer-phone'))).toBeVisible();
    await expect(details.getByText(say('validation.fill-amount'))).toBeVisible();
    await details.getByLabel(say('request.form.amount')).scrollIntoViewIfNeeded();
    await shoot(page, 'all-errors', locale);
    await atWidth(page, 390);
    await details.getByLabel(say('request.form.amount')).scrollIntoViewIfNeeded();
    await shoot(page, 'all-errors', locale);
    await atWidth(page, 1280);

    await details.getByLabel(say('request.form.customer-name')).fill('Ayesha Khan');
    await details.getByLabel(say('request.form.phone.label')).pressSequentially('+92 300 1234567');
    // Urdu digits are the amount they write.
    await details.getByLabel(say('request.form.amount')).pressSequentially('۱۵۰۰');
    await expect(details.getByLabel(say('request.form.amount'))).toHaveValue('1,500');
    await details.getByRole('button', { name: say('request.form.continue') }).click();
    const payment = page.getByRole('form', { name: say('request.step.payment') });
    const requestRider = payment.getByRole('button', { name: say('request.submit') });
    await expect(requestRider).toBeVisible();

    // Desktop: at the page's end the floating button covers nothing, the request button least of all.
    await expect(help).toBeVisible();
    expect(await coveredAtPageEnd(page, help)).toEqual([]);
    await shoot(page, 'request-end', locale);

    // Phone: no floating button; help is in the header, and the menu drawer is whole.
    await atWidth(page, 390);
    // A phone opens the page at its width (the draft brings the request back).
    await page.reload();
    await expect(page.getByRole('form', { name: say('request.step.details') })).toBeVisible();
    await expect(help).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: say('help-center.open-label') })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'request-end', locale);
    await page
      .getByRole('button', { name: say('nav.open-menu') })
      .first()
      .click();
    // The menu's language picker is whole and nothing floats above it.
    const languagePicker = page.getByRole('dialog').getByRole('button', { name: /Language:|زبان/ });
    // Branches added by other journeys can lengthen the menu: the picker is scrolled to, as a merchant would.
    await languagePicker.scrollIntoViewIfNeeded();
    await expect(languagePicker).toBeInViewport({ ratio: 1 });
    await shoot(page, 'drawer', locale);
    await page.keyboard.press('Escape');

    // Desktop history: an open order's drawer lies above the button.
    await atWidth(page, 1280);
    await page.goto(page.url().replace(/\/request-a-rider\//, '/history/'));
    await expect(page.getByRole('heading', { name: say('history.title') })).toBeVisible({ timeout: 30_000 });
    await expect(help).toBeVisible();
    expect(await coveredAtPageEnd(page, help)).toEqual([]);
    const [before = '', after = ''] = say('history.open-order', { id: '\u0000' }).split('\u0000');
    await page
      .getByRole('button', { name: new RegExp(`^${before}[A-Z]+-\\d+${after}$`) })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: say('history.detail.title') })).toBeVisible();
    expect(await isOnTop(page, help)).toBe(false);
    await shoot(page, 'history-drawer', locale);
  });
}
