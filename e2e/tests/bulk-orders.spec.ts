import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { type BulkSheetRow, fillTemplate, validBulkRow } from '../../testing/bulk-sheet.ts';
import { DEMO_VENDOR, expect, logIn, switchLanguage, test, text } from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';

const NAMES = [
  'Ayesha Khan',
  'Bilal Ahmed',
  'Sana Malik',
  'Usman Tariq',
  'Hira Siddiqui',
  'Faisal Qureshi',
  'Mehwish Raza',
  'Imran Butt',
  'Zainab Shah',
  'Kamran Javed',
  'Nadia Hussain',
  'Omar Farooq',
  'Rabia Aslam',
  'Saad Iqbal',
  'Tania Mirza',
  'Waqas Anwar',
  'Yasmin Rehman',
];

/** A good row per name, each its own customer near the demo outlet in Clifton. */
const goodRows = (names: readonly string[], tag: string): BulkSheetRow[] =>
  names.map((name, index) =>
    validBulkRow({
      customer_name: `${name} ${tag}`,
      phone_number: `0300${String(2_000_000 + index * 7919 + tag.length).padStart(7, '0')}`,
      latitude: 24.8138 + index * 0.0004,
      longitude: 67.0402,
    }),
  );

async function downloadTemplate(page: Page, say: (key: string) => string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: say('bulk.upload.template') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Template.xlsx');
  return readFile((await download.path())!);
}

async function bulkJourney(page: Page, locale: Locale, rows: BulkSheetRow[], bad: number, onTracking: string[]) {
  const say = (key: string, values?: Record<string, string>) => text(locale, key, values);
  await page
    .getByRole('link', { name: say('nav.bulk') })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/bulk-order/${DEMO_VENDOR}`));

  const file = await fillTemplate(await downloadTemplate(page, say), rows);
  const path = test.info().outputPath(`orders-${locale}.xlsx`);
  await writeFile(path, file);
  await page.locator('input[type="file"]').setInputFiles(path);

  // The results: every row, the bad ones explained in the merchant's language.
  const table = page.getByRole('table', { name: say('bulk.results.title') });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.locator('tr[data-row-status="INVALID"]')).toHaveCount(bad);
  await expect(table.getByText(say('validation.wrong-customer-name'))).toBeVisible();
  await expect(table.getByText(say('validation.phone-incorrect'))).toBeVisible();
  if (bad > 2) await expect(table.getByText(say('bulk.error.duplicate-row', { row: '2' }))).toBeVisible();

  const good = rows.length - bad;
  await page.getByRole('button', { name: say('bulk.results.place_other', { count: String(good) }) }).click();
  const dialog = page.getByRole('dialog', { name: say('bulk.confirm.title') });
  await expect(dialog).toContainText(say('bulk.payment.CASH_ON_DELIVERY'));
  await dialog.getByRole('button', { name: say('bulk.confirm.place') }).click();

  // spec §2: a successful bulk flow ends on tracking, where the new orders are.
  await expect(page).toHaveURL(/\/order-tracking/, { timeout: 30_000 });
  await expect(page.getByText(say('bulk.place-order-success'))).toBeVisible();
  for (const name of onTracking) await expect(page.getByText(name).first()).toBeVisible();

  // The job is in the history, with its rows and their orders.
  await page
    .getByRole('link', { name: say('nav.bulk') })
    .first()
    .click();
  const history = page.getByRole('table', { name: say('bulk.history.title') });
  await expect(history.getByRole('row').nth(1)).toContainText(`${good} / ${rows.length}`);
  await history
    .getByRole('link', { name: say('bulk.history.view') })
    .first()
    .click();
  await expect(page.locator('tr[data-row-status="PLACED"]')).toHaveCount(Math.min(good, 50));
}

test.describe('bulk orders', () => {
  test('a merchant fills the template with 20 rows, reads the 3 errors and places the 17 good orders', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto(`/request-a-rider/${DEMO_VENDOR}`);
    const rows = goodRows(NAMES, 'Bulk');
    // Three bad rows among them: a name with digits, a phone that is no number, a repeat of row 2.
    rows.splice(3, 0, validBulkRow({ customer_name: 'Agent 007', phone_number: '03009990001' }));
    rows.splice(8, 0, validBulkRow({ customer_name: 'Short Phone', phone_number: '12' }));
    rows.push({ ...rows[0]!, customer_name: 'Repeat Customer' });
    expect(rows).toHaveLength(20);
    await bulkJourney(page, 'en', rows, 3, ['Ayesha Khan Bulk', 'Yasmin Rehman Bulk']);
  });

  test('the same journey in Urdu, right to left', async ({ page }) => {
    await logIn(page);
    await page.goto(`/request-a-rider/${DEMO_VENDOR}`);
    await switchLanguage(page, 'ur_alt');
    const rows = goodRows(NAMES.slice(0, 3), 'Urdu');
    rows.push(validBulkRow({ customer_name: 'Agent 007', phone_number: '03009990002' }));
    rows.push(validBulkRow({ customer_name: 'Short Phone', phone_number: '12' }));
    await bulkJourney(page, 'ur_alt', rows, 2, ['Ayesha Khan Urdu', 'Sana Malik Urdu']);
  });

  test('a reload keeps the checked job, every problem of a row is listed, and a phone shows them on screen', async ({
    page,
  }) => {
    const shots = process.env.SHOTS_DIR;
    const shoot = async (name: string) => {
      if (shots) await page.screenshot({ path: `${shots}/bulk-${name}.png`, fullPage: true });
    };
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page);
    await page.goto(`/bulk-order/${DEMO_VENDOR}`);
    const say = (key: string, values?: Record<string, string>) => text('en', key, values);
    const rows = [
      ...goodRows(NAMES.slice(0, 2), 'Reload'),
      validBulkRow({ customer_name: 'Agent 008', phone_number: '12', age_check: 'maybe' }),
    ];
    const file = await fillTemplate(await downloadTemplate(page, say), rows);
    const path = test.info().outputPath('orders-reload.xlsx');
    await writeFile(path, file);
    await page.locator('input[type="file"]').setInputFiles(path);

    const table = page.getByRole('table', { name: say('bulk.results.title') });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/);
    await page.reload();
    await expect(table).toBeVisible({ timeout: 30_000 });
    const bad = table.locator('tr[data-row-status="INVALID"]');
    for (const key of ['validation.wrong-customer-name', 'validation.phone-incorrect', 'bulk.error.age-check']) {
      await expect(bad.getByText(say(key))).toBeVisible();
    }
    await shoot('en-desktop');

    const onPhone = async (locale: Locale) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const list = page.getByRole('list', { name: text(locale, 'bulk.results.title') });
      await expect(list).toBeVisible();
      const problem = list
        .locator('li[data-row-status="INVALID"]')
        .getByText(text(locale, 'validation.phone-incorrect'));
      await expect(problem).toBeVisible();
      const box = await problem.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    };
    await onPhone('en');
    await shoot('en-phone');

    await page.setViewportSize({ width: 1280, height: 900 });
    await switchLanguage(page, 'ur_alt');
    await expect(page.getByRole('table', { name: text('ur_alt', 'bulk.results.title') })).toBeVisible();
    await shoot('ur-desktop');
    await onPhone('ur_alt');
    await shoot('ur-phone');
  });
});
