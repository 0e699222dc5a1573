import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { expect, logIn, switchLanguage, test, text } from '../support/fixtures.ts';

// Issue 39: the insights page on the seeded demo (a week of delivered and cancelled orders across the parent's
// outlets), in English and Urdu, at desktop and phone widths.

const PARENT = 'pk-karachi-grill';
type Locale = 'en' | 'ur_alt';

async function openInsights(page: Page, locale: Locale, width: number) {
  // The language menu is in the header at desktop width; a phone's width is set once it is chosen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  if (locale !== 'en') await switchLanguage(page, locale);
  await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  if (width > 600) {
    // The tab beside History.
    await page
      .getByRole('navigation', { name: text(locale, 'nav.label') })
      .getByRole('link', { name: text(locale, 'nav.insights') })
      .click();
    await expect(page).toHaveURL(/\/insights\//);
  }
  await page.goto(`/insights/${PARENT}`);
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'insights.title') })).toBeVisible();
  await page.getByRole('combobox', { name: text(locale, 'insights.period') }).click();
  await page.getByRole('option', { name: text(locale, 'history.filters.preset.PastWeek') }).click();
  await expect(page.getByRole('region', { name: text(locale, 'insights.chart.orders_per_day') })).toBeVisible();
}

const shoot = async (page: Page, name: string) => {
  const path = process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${name}.png` : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
};

test.describe('insights', () => {
  for (const locale of ['en', 'ur_alt'] as const) {
    for (const width of [1280, 390]) {
      test(`${locale} at ${width}px: charts with their tables, axe passing`, async ({ page }) => {
        await openInsights(page, locale, width);
        const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
        for (const chart of ['summary', 'orders_by_hour', 'delivery_time', 'pickup_wait', 'money_per_day']) {
          await expect(page.getByRole('region', { name: say(`insights.chart.${chart}`) })).toBeVisible();
        }
        // The charts are drawn, and each has its numbers as a table for screen readers.
        const perDay = page.getByRole('region', { name: say('insights.chart.orders_per_day') });
        await expect(perDay.locator('svg.recharts-surface').first()).toBeVisible();
        await expect(perDay.locator('.recharts-bar-rectangle path')).not.toHaveCount(0);
        await expect(perDay.getByRole('table', { name: say('insights.chart.orders_per_day') })).toHaveCount(1);
        // The parent's branches side by side.
        await expect(page.getByRole('table', { name: say('insights.chart.outlets') })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ur_alt' ? 'rtl' : 'ltr');
        await expectNoSeriousViolations(page);
        await shoot(page, `insights-${locale}-${width}`);
      });
    }
  }

  test('a day of the table opens History on those orders, and a chart downloads its numbers', async ({ page }) => {
    await openInsights(page, 'en', 1280);
    const perDay = page.getByRole('region', { name: text('en', 'insights.chart.orders_per_day') });
    // The segmented control's radio is drawn by its label.
    await perDay
      .locator('label')
      .filter({ hasText: text('en', 'insights.view.table') })
      .click();
    const table = perDay.getByRole('table', { name: text('en', 'insights.chart.orders_per_day') });
    await expect(table).toBeVisible();

    const download = page.waitForEvent('download');
    await perDay
      .getByRole('button', { name: text('en', 'insights.export.label', { chart: 'Orders per day' }) })
      .click();
    await page.getByRole('menuitem', { name: text('en', 'insights.export.csv') }).click();
    expect((await download).suggestedFilename()).toMatch(/^insights-orders_per_day-pk-karachi-grill-.*\.csv$/);

    // A delivered count of a day: History lists that day's delivered orders.
    const delivered = table
      .getByRole('row')
      .filter({ has: page.getByRole('link') })
      .first()
      .getByRole('link')
      .first();
    const count = Number(await delivered.textContent());
    await delivered.click();
    await expect(page).toHaveURL(new RegExp(`/history/${PARENT}$`));
    await expect(page.getByRole('combobox', { name: text('en', 'history.filters.status') })).toHaveValue(
      text('en', 'history.filters.status-value.DELIVERED'),
    );
    await expect(
      page
        .getByRole('table', { name: text('en', 'history.table-label') })
        .getByRole('row')
        .filter({
          has: page.getByRole('cell'),
        }),
    ).toHaveCount(count);
  });

  test('a cell of the hour heat map opens History on that weekday and hour, until the narrowing is cleared', async ({
    page,
  }) => {
    await openInsights(page, 'en', 1280);
    const byHour = page.getByRole('region', { name: text('en', 'insights.chart.orders_by_hour') });
    await byHour
      .locator('label')
      .filter({ hasText: text('en', 'insights.view.table') })
      .click();
    const table = byHour.getByRole('table', { name: text('en', 'insights.chart.orders_by_hour') });
    // The first hour of the week with orders.
    const links = table.getByRole('link');
    const cell = (await links.filter({ hasNotText: /^0$/ }).all())[0];
    if (!cell) throw new Error('the seeded week has no orders by hour');
    const count = Number(await cell.textContent());
    await cell.click();
    await expect(page).toHaveURL(new RegExp(`/history/${PARENT}\\?weekday=\\d&hour=\\d+$`));
    const url = new URL(page.url());
    const hour = String(url.searchParams.get('hour')).padStart(2, '0');
    const weekday = text('en', `insights.weekday.${url.searchParams.get('weekday')}`);
    await expect(page.getByText(text('en', 'history.drill.label'))).toBeVisible();
    await expect(page.getByText(new RegExp(`^${weekday}, ${hour}:00`))).toBeVisible();
    const rows = page
      .getByRole('table', { name: text('en', 'history.table-label') })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(count);
    await shoot(page, 'insights-drill-history-en');

    await page.getByRole('button', { name: text('en', 'history.drill.clear') }).click();
    await expect(page).toHaveURL(new RegExp(`/history/${PARENT}$`));
    await expect(page.getByText(text('en', 'history.drill.label'))).toHaveCount(0);
  });
});
