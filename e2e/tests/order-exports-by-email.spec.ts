import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, expect, logIn, switchLanguage, test, text, DEMO_VENDOR as VENDOR } from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';

async function openHistory(page: Page, locale: Locale) {
  await page.goto(`/history/${VENDOR}`);
  await expect(page.getByRole('heading', { name: text(locale, 'history.title') })).toBeVisible({ timeout: 30_000 });
}

/** "Send by e-mail": the job runs on the server's queue, the page follows it to a ready file and downloads it. */
async function emailTheCsv(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'history.export.button') }).click();
  // The merchant's earlier exports are listed too: this one is followed by the id the request answered.
  const requested = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/orders/export-jobs'),
  );
  await page.getByRole('menuitem', { name: text(locale, 'history.export.email-csv') }).click();
  const exportId = ((await (await requested).json()) as { result: { export_job: { export_id: string } } }).result
    .export_job.export_id;
  await expect(page.getByText(text(locale, 'history.export.email-started', { email: DEMO.email }))).toBeVisible();
  const job = page.locator(`[data-export-id="${exportId}"]`);
  await expect(job.getByText(text(locale, 'history.export.jobs.status.READY', { email: DEMO.email }))).toBeVisible({
    timeout: 60_000,
  });
  await page.screenshot({ path: `test-results/screens/history-emailed-export-${locale}.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: text(locale, 'history.export.jobs.download') }).click();
  const file = await readFile((await (await downloading).path()) ?? '');
  expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(file.toString('utf8')).toContain(text(locale, 'history.export.column.order_id'));
}

/** The monthly statement: last month by default, as a PDF. */
async function downloadStatement(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'statement.button') }).click();
  const dialog = page.getByRole('dialog', { name: text(locale, 'statement.dialog-title') });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `test-results/screens/history-statement-${locale}.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: text(locale, 'statement.pdf') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^statement-.+-\d{4}-\d{2}\.pdf$/);
  const file = await readFile((await download.path()) ?? '');
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
}

test.describe('exports by e-mail and the monthly statement', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a merchant has the history e-mailed, downloads it when ready, and takes last month’s statement', async ({
    page,
  }) => {
    await logIn(page);
    await openHistory(page, 'en');
    await emailTheCsv(page, 'en');
    await downloadStatement(page, 'en');
  });

  test('the same in Urdu, right to left', async ({ page }) => {
    await logIn(page);
    await switchLanguage(page, 'ur_alt');
    await openHistory(page, 'ur_alt');
    await emailTheCsv(page, 'ur_alt');
    await downloadStatement(page, 'ur_alt');
  });
});
