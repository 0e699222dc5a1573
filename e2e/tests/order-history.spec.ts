import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { expect, logIn, switchLanguage, test, text, DEMO_VENDOR as VENDOR } from '../support/fixtures.ts';

// The demo's history (apps/api/src/seed/demo-history.ts): yesterday at 13:00, Zainab Ali's order from the
// Clifton outlet was delivered.
const CUSTOMER = 'Zainab Ali';
const PHONE_AS_TYPED = '0321 5550101';

type Locale = 'en' | 'ur_alt';

async function findYesterdaysOrderByPhone(page: Page, locale: Locale): Promise<string> {
  await page.goto(`/history/${VENDOR}`);
  // The page's chunks load on first visit; a busy machine takes a while.
  await expect(page.getByRole('heading', { name: text(locale, 'history.title') })).toBeVisible({ timeout: 30_000 });
  // Yesterday is the default period.
  await expect(page.getByRole('combobox', { name: text(locale, 'history.filters.range') })).toHaveValue(
    text(locale, 'history.filters.preset.Yesterday'),
  );
  // The search replaces the list once its answer comes: wait for it, or a click could land on the list it replaces.
  const searched = page.waitForResponse(
    (response) => response.url().includes(`/vendor/${VENDOR}/orders?`) && response.url().includes('search='),
  );
  await page.getByRole('searchbox', { name: text(locale, 'history.filters.search') }).fill(PHONE_AS_TYPED);
  await searched;
  const [before = '', after = ''] = text(locale, 'history.open-order', { id: '\u0000' }).split('\u0000');
  const open = page.getByRole('button', { name: new RegExp(`^${before}[A-Z]+-\\d+${after}$`) });
  await expect(open).toHaveCount(1);
  const label = (await open.getAttribute('aria-label')) ?? '';
  const orderId = /[A-Z]+-\d+/.exec(label)?.[0] ?? '';
  expect(orderId).not.toBe('');
  await open.click();
  await expect(page).toHaveURL(new RegExp(`order_id=${orderId}`));
  const detail = page.getByRole('article', { name: text(locale, 'tracking.detail.label', { id: orderId }) });
  await expect(detail).toBeVisible();
  await expect(detail.getByText(CUSTOMER, { exact: true })).toBeVisible();
  await expect(detail.getByText(text(locale, 'status.delivered'), { exact: true }).first()).toBeVisible();
  // spec §2: the selection was pushed, so Back closes the order.
  await page.goBack();
  await expect(detail).toBeHidden();
  return orderId;
}

async function download(page: Page, locale: Locale, format: 'csv' | 'xlsx') {
  await page.getByRole('button', { name: text(locale, 'history.export.button') }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: text(locale, `history.export.${format}`) }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^orders-.+\\.${format}$`));
  return readFile((await file.path()) ?? '');
}

async function exportsHoldTheOrder(page: Page, locale: Locale, orderId: string) {
  const csv = await download(page, locale, 'csv');
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(lines[0]?.split(',')[0]).toBe(text(locale, 'history.export.column.order_id'));
  const row = lines.find((line) => line.startsWith(`${orderId},`));
  expect(row).toContain(CUSTOMER);
  expect(lines).toHaveLength(2);

  const book = XLSX.read(await download(page, locale, 'xlsx'), { type: 'buffer', cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  expect(sheet).toBeDefined();
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet as XLSX.WorkSheet, { header: 1, raw: true });
  expect(rows[0]?.[0]).toBe(text(locale, 'history.export.column.order_id'));
  const order = rows.find((cells) => cells[0] === orderId);
  expect(order).toContain(CUSTOMER);
  // Amounts are numbers, not text.
  expect(order?.some((cell) => typeof cell === 'number')).toBe(true);
  const formulas = Object.entries(sheet as XLSX.WorkSheet).filter(
    ([address, cell]) => !address.startsWith('!') && (cell as XLSX.CellObject).f !== undefined,
  );
  expect(formulas).toEqual([]);
}

test.describe('order history', () => {
  // Each journey logs in, searches, opens an order and downloads two files.
  test.describe.configure({ timeout: 150_000 });

  test('a merchant finds yesterday’s delivered order by phone, opens it and downloads the CSV and the XLSX', async ({
    page,
  }) => {
    await logIn(page);
    const orderId = await findYesterdaysOrderByPhone(page, 'en');
    await exportsHoldTheOrder(page, 'en', orderId);
  });

  test('the same journey in Urdu, right to left', async ({ page }) => {
    await logIn(page);
    await switchLanguage(page, 'ur_alt');
    const orderId = await findYesterdaysOrderByPhone(page, 'ur_alt');
    await exportsHoldTheOrder(page, 'ur_alt', orderId);
  });

  test('on a phone: find the order by phone and open its detail @mobile', async ({ page }) => {
    await logIn(page);
    await findYesterdaysOrderByPhone(page, 'en');
  });

  test('on a phone in Urdu @mobile', async ({ page }) => {
    await logIn(page);
    await page.evaluate(() => window.localStorage.setItem('riderdesk-language', 'ur_alt'));
    await page.reload();
    await findYesterdaysOrderByPhone(page, 'ur_alt');
  });
});
