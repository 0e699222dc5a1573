import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { shiftDate } from '../../testing/clock.ts';
import { serverNow } from '../support/clock.ts';
import { expect, logIn, switchLanguage, test, text, waitForMail } from '../support/fixtures.ts';

type Locale = 'en' | 'ur_alt';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A business that has just signed up and confirmed its e-mail: a new user who has never logged in. */
async function newUser(api: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = `welcome-${unique()}@example.pk`;
  const password = 'Tariq#Road2026';
  const registered = await api.post('/api/v1/register', {
    data: {
      registration_type: 'NPV',
      business_name: 'Tariq Road Florist',
      mobile_number: '+923001119988',
      email_address: email,
      password,
    },
  });
  expect(registered.status()).toBe(200);
  const mail = await waitForMail(api, email, /verify\?token=/);
  const link = new URL(mail.text.match(/https?:\/\/\S+verify\?token=[\w-]+/)?.[0] as string);
  expect((await api.get(link.pathname + link.search, { maxRedirects: 0 })).status()).toBe(302);
  return { email, password };
}

const walkthroughOf = (page: Page, locale: Locale) =>
  page.getByRole('dialog', { name: text(locale, 'tour.welcome', { service: 'Riderdesk' }) });

/** The server's answer on whether the walkthrough was seen, as the page asks for it after a load. */
const welcomeAnswer = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/me/welcome') && response.request().method() === 'GET',
  );

test('a new user is welcomed once: steps through the walkthrough, which does not come back', async ({
  page,
  browser,
  baseURL,
}) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const { email, password } = await newUser(api);

  await logIn(page, email, password);
  const walkthrough = walkthroughOf(page, 'en');
  await expect(walkthrough).toBeVisible();
  await expect(walkthrough.getByRole('heading', { name: text('en', 'tour.request.title') })).toBeVisible();
  const violations = (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations;
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/welcome-1-en-desktop.png' });

  // The keyboard alone: focus starts on Next, Enter moves on, the same button becomes Start.
  await expect(walkthrough.getByRole('button', { name: text('en', 'tour.next') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(walkthrough.getByRole('heading', { name: text('en', 'tour.track.title') })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(walkthrough.getByRole('heading', { name: text('en', 'tour.pay.title') })).toBeVisible();
  await expect(walkthrough.getByText(text('en', 'tour.progress', { step: '3', total: '3' }))).toBeVisible();
  const start = walkthrough.getByRole('button', { name: text('en', 'tour.start') });
  await expect(start).toBeFocused();
  const remembered = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/me/welcome') && response.request().method() === 'PUT',
  );
  await page.keyboard.press('Enter');
  await expect(walkthrough).toBeHidden();
  expect((await remembered).ok()).toBe(true);
  // The request page is there to use.
  await expect(page.getByRole('textbox', { name: text('en', 'request.origin.search-label') })).toBeVisible();

  // Not after a reload…
  let answered = welcomeAnswer(page);
  await page.reload();
  expect(await (await answered).json()).toEqual({ result: { seen: true } });
  await expect(walkthrough).toBeHidden();

  // …nor after logging out and in again…
  await page.getByRole('button', { name: text('en', 'account.open') }).click();
  await page.getByRole('button', { name: text('en', 'account.logout') }).click();
  await expect(page.getByRole('button', { name: text('en', 'login.submit') })).toBeVisible();
  answered = welcomeAnswer(page);
  await logIn(page, email, password);
  expect(await (await answered).json()).toEqual({ result: { seen: true } });
  await expect(walkthrough).toBeHidden();

  // …nor on another device, whose browser has never stored anything.
  const otherDevice = await browser.newContext();
  await otherDevice.addInitScript(shiftDate, serverNow() - Date.now());
  const other = await otherDevice.newPage();
  answered = welcomeAnswer(other);
  await logIn(other, email, password);
  expect(await (await answered).json()).toEqual({ result: { seen: true } });
  await expect(walkthroughOf(other, 'en')).toBeHidden();
  await otherDevice.close();
});

test('the walkthrough speaks Urdu right to left and can be skipped on a phone @mobile', async ({ page, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL });
  const { email, password } = await newUser(api);
  const say = (key: string, values?: Record<string, string>) => text('ur_alt', key, values);

  await page.goto('/connect');
  await switchLanguage(page, 'ur_alt');
  await page.getByLabel(say('login.email')).fill(email);
  await page.getByLabel(say('login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: say('login.submit') }).click();
  await expect(page).toHaveURL(/\/request-a-rider\/[\w-]+/);

  const walkthrough = walkthroughOf(page, 'ur_alt');
  await expect(walkthrough).toBeVisible();
  await expect(walkthrough.getByRole('heading', { name: say('tour.request.title') })).toBeVisible();
  // Fits the phone's width, and Next sits at the left edge in a right-to-left page.
  const viewport = page.viewportSize()?.width ?? 0;
  const box = await walkthrough.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport);
  const next = await walkthrough.getByRole('button', { name: say('tour.next') }).boundingBox();
  const skip = await walkthrough.getByRole('button', { name: say('tour.skip') }).boundingBox();
  expect(next?.x ?? 0).toBeLessThan(skip?.x ?? 0);
  await page.screenshot({ path: 'test-results/screens/welcome-1-ur-mobile.png' });

  await walkthrough.getByRole('button', { name: say('tour.next') }).click();
  await expect(walkthrough.getByRole('heading', { name: say('tour.track.title') })).toBeVisible();
  const remembered = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/me/welcome') && response.request().method() === 'PUT',
  );
  await walkthrough.getByRole('button', { name: say('tour.skip') }).click();
  await expect(walkthrough).toBeHidden();
  expect((await remembered).ok()).toBe(true);

  const answered = welcomeAnswer(page);
  await page.reload();
  expect(await (await answered).json()).toEqual({ result: { seen: true } });
  await expect(walkthrough).toBeHidden();
});

test('a visitor of the login page takes the tour on demand', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: text('en', 'tour.open') }).click();
  const walkthrough = walkthroughOf(page, 'en');
  await expect(walkthrough).toBeVisible();
  await expect(walkthrough.getByRole('heading', { name: text('en', 'tour.request.title') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(walkthrough).toBeHidden();
});
