import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, logIn, sessionAuthorization, switchLanguage, test, text } from '../support/fixtures.ts';

const SHOTS = '/tmp/shots/i31-flags-journey';
mkdirSync(SHOTS, { recursive: true });
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run ops -- set-flag` as an operator runs it (decision 119): the command reaches the running server's
 * embedded database through the server itself (decision 126), or the PostgreSQL database the server uses.
 */
function setVendorFlag(name: string, value: 'true' | 'false' | 'unset', vendorId: string): void {
  execFileSync('npm', ['run', '--silent', 'ops', '--', 'set-flag', name, value, '--vendor', vendorId], {
    cwd: REPO,
    env: { ...process.env, ENVIRONMENT: 'san', DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

const LANGUAGES = ['en', 'ur_alt'] as const;

test.describe('a flag off for the vendor (spec §6)', () => {
  // The branch the merchant works in, whose flag the journey turns off and back on.
  let vendorBranch = '';
  test.afterEach(() => {
    if (vendorBranch) setVendorFlag('BulkOrderUpload', 'unset', vendorBranch);
  });

  for (const locale of LANGUAGES) {
    test(`BulkOrderUpload off hides the bulk tab and the API refuses the bulk calls (${locale})`, async ({ page }) => {
      await logIn(page);
      const vendorId = /\/request-a-rider\/([\w-]+)/.exec(page.url())?.[1] ?? '';
      vendorBranch = vendorId;
      if (locale !== 'en') await switchLanguage(page, locale);
      const nav = page.getByRole('navigation', { name: text(locale, 'nav.label') });
      const bulkTab = nav.getByRole('link', { name: text(locale, 'nav.bulk') });
      await expect(bulkTab).toBeVisible();
      const authorization = await sessionAuthorization(page);
      const bulkJobs = `/api/v1/bulk-job/all/${vendorId}`;
      expect((await page.request.get(bulkJobs, { headers: { authorization } })).ok()).toBe(true);

      setVendorFlag('BulkOrderUpload', 'false', vendorId);
      await page.reload();
      await expect(nav.getByRole('link', { name: text(locale, 'nav.request') })).toBeVisible();
      await expect(bulkTab).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/bulk-off-${locale}-desktop.png` });

      const refused = await page.request.get(bulkJobs, { headers: { authorization } });
      expect(refused.status()).toBe(403);
      expect(JSON.stringify(await refused.json())).toContain('error.feature-disabled');
    });
  }
});

/**
 * A remote flag source (spec §7, decision 120): a static JSON the test answers. The deployment names it in the
 * configuration the page is served with (FLAG_PROVIDER_URLS), first of the providers; it is on the page's own
 * origin so the portal's content policy lets the browser read it as it would the configured host.
 */
async function serveRemoteFlags(page: Page, variations: () => Record<string, boolean>): Promise<void> {
  await page.route('**/remote-flags/pk.json', (route) => route.fulfill({ json: { variations: variations() } }));
  await page.route(
    (url) => !/^\/(api|assets|translations)\//.test(url.pathname) && !url.pathname.includes('.'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const remote = { name: 'REMOTE_1', url: new URL('/remote-flags/pk.json', route.request().url()).href };
      const body = (await response.text()).replace('"flagProviders":[', `"flagProviders":[${JSON.stringify(remote)},`);
      expect(body).toContain(remote.url);
      return route.fulfill({ response, body });
    },
  );
}

async function maintenanceWhileApiIsDown(page: Page, locale: 'en' | 'ur_alt', shot: string) {
  let unplanned = false;
  await serveRemoteFlags(page, () => ({ UnplannedMaintenance: unplanned }));
  await page.goto('/connect');
  await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
  if (locale !== 'en') await switchLanguage(page, locale);
  // A start that loads keeps the maintenance texts in the page's language (decision 120).
  await page.reload();
  await expect(page.getByRole('button', { name: text(locale, 'login.submit') })).toBeVisible();

  // The API goes down (its calls, its translations and its fallback flags file); the remote source still
  // answers, and now says the portal is in maintenance.
  unplanned = true;
  await page.route(/\/(api\/|translations\/|fwfFallback\.json)/, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('heading', { name: text(locale, 'maintenance.unplanned.title') })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(text(locale, 'maintenance.unplanned.body'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ur_alt' ? 'rtl' : 'ltr');
  await page.screenshot({ path: `${SHOTS}/${shot}` });
}

test.describe('maintenance while the API is down (spec §7, §9)', () => {
  for (const locale of LANGUAGES) {
    test(`the remote flag source shows the maintenance page in the page's language (${locale})`, async ({ page }) => {
      await maintenanceWhileApiIsDown(page, locale, `maintenance-${locale}-desktop.png`);
    });
  }
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the maintenance page in Urdu at phone width @mobile', async ({ page }) => {
    await maintenanceWhileApiIsDown(page, 'ur_alt', 'maintenance-ur_alt-phone.png');
  });
});

test.describe('external links (spec §1)', () => {
  for (const locale of LANGUAGES) {
    test(`the footer shows only the configured links (${locale})`, async ({ page }) => {
      await page.goto('/connect');
      if (locale !== 'en') await switchLanguage(page, locale);
      const footer = page.getByRole('navigation', { name: text(locale, 'footer.label') });
      await expect(footer.getByRole('link', { name: text(locale, 'footer.terms') })).toBeVisible();
      // This deployment configures none of LINK_*: none of them is shown, and no invented address either.
      for (const key of ['footer.privacy', 'footer.delivery-info', 'footer.api', 'footer.partner']) {
        await expect(footer.getByRole('link', { name: text(locale, key) })).toHaveCount(0);
      }
      await expect(page.locator('a[href*="riderdesk.pk/"]')).toHaveCount(0);
      await footer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/footer-${locale}-desktop.png`, fullPage: true });
    });
  }
});
