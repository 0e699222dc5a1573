import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { expect, test, text } from '../support/fixtures.ts';
import { type Locale, logInIn } from '../support/request.ts';

/** A webhook as the receiver got it: its headers and raw body. */
interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The merchant's own server, on loopback (allowed outside prd): records every POST and answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/riderdesk/hooks`, received, server };
}

/** The secret a dialog shows once: the text of its code block. */
const secretIn = async (dialog: Locator) => (await dialog.locator('pre').innerText()).trim();

async function openDevelopers(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'account.open') }).click();
  await page.getByRole('link', { name: text(locale, 'developers.menu') }).click();
  await expect(page).toHaveURL(/\/settings\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'developers.title') })).toBeVisible();
}

for (const locale of ['en', 'ur_alt'] as const) {
  test(`a merchant connects its system: an API client with a secret, a webhook, a test event delivered (${locale})`, async ({
    page,
  }) => {
    const receiver = await startReceiver();
    try {
      await logInIn(page, locale);
      await openDevelopers(page, locale);
      const say = (key: string, values?: Record<string, string>) => text(locale, key, values);

      // An API client that signs in with a secret, shown once with its copy button.
      const name = `Till ${locale} ${Date.now().toString(36)}`;
      await page
        .getByRole('button', { name: say('developers.clients.new') })
        .first()
        .click();
      const form = page.getByRole('dialog', { name: say('developers.clients.new') });
      await form.getByRole('textbox', { name: say('developers.clients.name') }).fill(name);
      await form.getByRole('radio', { name: say('developers.clients.credential-secret') }).check();
      await form.getByRole('button', { name: say('developers.clients.create') }).click();
      const created = page.getByRole('dialog', { name: say('developers.clients.created-title') });
      await expect(created.getByText(say('developers.secret.once'))).toBeVisible();
      const clientSecret = await secretIn(created);
      expect(clientSecret).toMatch(/^\S{20,}$/);
      const clientId = (
        await created
          .getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
          .first()
          .innerText()
      ).trim();
      await expect(
        created.getByRole('button', {
          name: say('developers.copy-label', { label: say('developers.clients.secret') }),
        }),
      ).toBeVisible();
      await created.getByRole('button', { name: say('developers.done') }).click();
      const client = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(client).toBeVisible();
      await expect(client.getByText(say('developers.environment.san'))).toBeVisible();

      // The merchant's system signs in with that secret and makes a call, which the Activity tab lists.
      const token = await page.request.post('/merchant/api/v1/oauth2/token', {
        form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
      });
      expect(token.status()).toBe(200);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const outlets = await page.request.get('/merchant/api/v1/outletList', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(outlets.status()).toBeLessThan(500);
      // A new secret (decision 167), shown once; the first one works on beside it for a day.
      await client.getByRole('button', { name: say('developers.clients.rotate-secret') }).click();
      const rotation = page.getByRole('dialog', { name: say('developers.clients.rotate-secret-title', { name }) });
      await expect(rotation.getByRole('radio', { name: say('developers.clients.previous-secret-24') })).toBeChecked();
      await rotation.getByRole('button', { name: say('developers.clients.make-secret') }).click();
      await expect(rotation.getByText(say('developers.secret.once'))).toBeVisible();
      const newSecret = await secretIn(rotation);
      expect(newSecret).not.toBe(clientSecret);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `test-results/screens/developers-new-secret-${locale}.png` });
      await rotation.getByRole('button', { name: say('developers.done') }).click();
      await expect(client.getByText(say('developers.clients.previous-until'))).toBeVisible();
      await expect(page.getByText(newSecret)).toHaveCount(0);
      for (const secret of [clientSecret, newSecret]) {
        const answer = await page.request.post('/merchant/api/v1/oauth2/token', {
          form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
        });
        expect(answer.status()).toBe(200);
      }

      await page.getByRole('tab', { name: say('developers.tabs.activity') }).click();
      await expect(page).toHaveURL(/\?tab=activity$/);
      // The audit trail is written in batches (decision 161): the page shows the call once its batch is in.
      await expect(async () => {
        await page.reload();
        const calls = page.getByRole('table', { name: say('developers.activity.calls') });
        await expect(
          calls.getByRole('row').filter({ hasText: name }).filter({ hasText: '/merchant/api/v1/outletList' }),
        ).toContainText(String(outlets.status()), { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `test-results/screens/developers-activity-${locale}.png`, fullPage: true });

      // A webhook endpoint on the receiver; its signing secret is shown once.
      await page.getByRole('tab', { name: say('developers.tabs.webhooks') }).click();
      await expect(page).toHaveURL(/\?tab=webhooks$/);
      await page
        .getByRole('button', { name: say('developers.webhooks.new') })
        .first()
        .click();
      const endpointForm = page.getByRole('dialog', { name: say('developers.webhooks.new') });
      await endpointForm.getByRole('textbox', { name: say('developers.webhooks.url') }).fill(receiver.url);
      await endpointForm.getByRole('button', { name: say('developers.webhooks.create') }).click();
      const added = page.getByRole('dialog', { name: say('developers.webhooks.created-title') });
      const secret = await secretIn(added);
      expect(secret.length).toBeGreaterThan(20);
      await added.getByRole('button', { name: say('developers.done') }).click();
      const endpoint = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: receiver.url }) });
      await expect(endpoint.getByText(say('developers.webhooks.no-deliveries'))).toBeVisible();

      // The test event: delivered, signed with that secret, and listed with its 2xx answer.
      await endpoint.getByRole('button', { name: say('developers.webhooks.send-test') }).click();
      const deliveries = endpoint.getByRole('table', { name: say('developers.webhooks.deliveries') });
      const ping = deliveries.getByRole('row').filter({ hasText: 'ping' });
      await expect(ping).toContainText(say('developers.webhooks.state.delivered'), { timeout: 20_000 });
      await expect(ping.getByRole('cell').nth(3)).toHaveText('200');
      expect(receiver.received).toHaveLength(1);
      const [hook] = receiver.received;
      const timestamp = String(hook?.headers['x-webhook-timestamp']);
      const eventId = String(hook?.headers['x-webhook-event-id']);
      const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
      expect(hook?.headers['x-signature-sha256']).toBe(hmac(String(hook?.body)));
      expect(hook?.headers['x-webhook-signature']).toBe(hmac(`${timestamp}.${eventId}.${hook?.body}`));

      await expectNoSeriousViolations(page);
      await page.screenshot({ path: `test-results/screens/developers-webhooks-${locale}.png`, fullPage: true });

      // Leave nothing behind: the endpoint deleted, the client revoked, each after its confirmation.
      await endpoint.getByRole('button', { name: say('developers.webhooks.delete') }).click();
      const confirmDelete = page.getByRole('dialog', { name: say('developers.webhooks.delete-title') });
      await confirmDelete.getByRole('button', { name: say('developers.webhooks.delete') }).click();
      await expect(endpoint).toHaveCount(0);
      await page.getByRole('tab', { name: say('developers.tabs.clients') }).click();
      await client.getByRole('button', { name: say('developers.clients.revoke') }).click();
      const confirmRevoke = page.getByRole('dialog', { name: say('developers.clients.revoke-title', { name }) });
      await confirmRevoke.getByRole('button', { name: say('developers.clients.revoke') }).click();
      await expect(client.getByText(say('developers.clients.revoked'), { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page);
    } finally {
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });
}
