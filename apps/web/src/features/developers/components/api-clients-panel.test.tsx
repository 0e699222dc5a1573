import { createPublicKey } from 'node:crypto';
import {
  type ApiClient,
  ApiClientCreateBodySchema,
  type ApiClientCreated,
  ApiClientKeyBodySchema,
  ApiClientSecretBodySchema,
} from '@riderdesk/domain/contracts/merchant-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, apiError, bodyOf } from '../../../../test/handlers.ts';
import { renderDevelopers } from './test-harness.tsx';

const CLIENT_ID = '0f8b5e0c-2a3d-4c6e-9f10-1a2b3c4d5e6f';
const KEY_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

function makeClient(overrides: Partial<ApiClient> = {}): ApiClient {
  return {
    client_id: CLIENT_ID,
    vendor_id: 'p-1',
    name: 'Till at Clifton',
    scope: 'all',
    outlet_ids: [],
    environment: 'san',
    has_secret: false,
    previous_secret_expires_at: null,
    keys: [{ key_id: KEY_ID, created_at: '2026-12-01T08:00:00.000Z', revoked_at: null }],
    created_at: '2026-12-01T08:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

/** GET answers what the server holds; POST adds to it, as the server would. */
function clientsApi(initial: ApiClient[], created: (body: unknown) => ApiClientCreated | Response) {
  let clients = [...initial];
  return mockApi(
    http.get(`${API}/merchant-api/clients`, () => HttpResponse.json({ clients })),
    http.post(`${API}/merchant-api/clients`, async ({ request }) => {
      const answer = created(await bodyOf(request, ApiClientCreateBodySchema));
      if (answer instanceof Response) return answer;
      clients = [answer.client, ...clients];
      return HttpResponse.json(answer, { status: 201 });
    }),
  );
}

/** jsdom's Blob has no text(): read it as a browser's FileReader does. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let downloads: { name: string; text: Promise<string> }[] = [];
beforeEach(() => {
  downloads = [];
  let blob: Blob | null = null;
  URL.createObjectURL = vi.fn((object: Blob) => {
    blob = object;
    return 'blob:private-key';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, text: blob ? textOf(blob) : Promise.resolve('') });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Developers → API clients', () => {
  it('starts empty, creates a client with a secret for chosen outlets, and shows the secret once with a copy button', async () => {
    const api = clientsApi([], () => ({
      client: makeClient({ has_secret: true, keys: [], scope: 'outlets', outlet_ids: ['p-1-c'] }),
      client_secret: 'sk_live_secret_value_shown_once',
    }));
    await renderDevelopers('clients');
    expect(await screen.findByText('No API clients yet')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'New API client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API client' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Till at Clifton');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Client secret/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Chosen outlets' }));
    // The form's own refusal, before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText('Choose at least one outlet')).toBeVisible();
    expect(api.sent(`${API}/merchant-api/clients`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Clifton' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create client' }));

    const created = await screen.findByRole('dialog', { name: 'API client created' });
    expect(within(created).getByText('sk_live_secret_value_shown_once')).toBeVisible();
    expect(within(created).getByRole('button', { name: 'Copy Client secret' })).toBeVisible();
    expect(within(created).getByText(CLIENT_ID)).toBeVisible();
    expect(api.sent(`${API}/merchant-api/clients`).map((call) => call.body)).toEqual([
      { vendor_id: 'p-1', name: 'Till at Clifton', scope: 'outlets', outlet_ids: ['p-1-c'], with_secret: true },
    ]);
    await userEvent.click(within(created).getByRole('button', { name: 'Done' }));
    // The list is read again: the new client is there, its secret is not.
    const list = await screen.findByRole('list', { name: 'API clients' });
    expect(within(list).getByRole('heading', { name: 'Till at Clifton' })).toBeVisible();
    expect(within(list).getByText('Clifton')).toBeVisible();
    expect(screen.queryByText('sk_live_secret_value_shown_once')).toBeNull();
  });

  it('makes the key pair in the browser: sends the RSA 2048 public half, downloads the private half once', async () => {
    const api = clientsApi([], (body) => ({
      client: makeClient({ name: (body as { name: string }).name }),
      client_secret: null,
    }));
    await renderDevelopers('clients');
    await userEvent.click(await screen.findByRole('button', { name: 'New API client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API client' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ERP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create client' }));

    const created = await screen.findByRole('dialog', { name: 'API client created' }, { timeout: 10_000 });
    expect(within(created).getByText('Private key downloaded')).toBeVisible();
    const [sent] = api.sent(`${API}/merchant-api/clients`);
    const body = sent?.body as { public_key_pem: string; with_secret: boolean };
    expect(body.with_secret).toBe(false);
    expect(createPublicKey(body.public_key_pem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(JSON.stringify(api.requests.map((call) => call.body))).not.toContain('PRIVATE KEY');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toBe(`erp-${KEY_ID.slice(0, 8)}.private.pem`);
    expect(await downloads[0]?.text).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  it("shows the server's refusal of an uploaded key at the key, in Urdu", async () => {
    clientsApi([], () =>
      apiError(400, 'InvalidParameterException', 'merchant-api.error.key-not-rsa-2048', [
        {
          field: 'public_key_pem',
          message: 'merchant-api.error.key-not-rsa-2048',
          meta: { translation_key: 'merchant-api.error.key-not-rsa-2048' },
        },
      ]),
    );
    await renderDevelopers('clients', 'ur_alt');
    await userEvent.click(await screen.findByRole('button', { name: 'نیا API کلائنٹ' }));
    const dialog = await screen.findByRole('dialog', { name: 'نیا API کلائنٹ' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^نام/ }), 'POS');
    await userEvent.click(within(dialog).getByRole('radio', { name: /میری پبلک کلید استعمال کریں/ }));
    const pem = within(dialog).getByRole('textbox', { name: /پبلک کلید \(PEM\)/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'کلائنٹ بنائیں' }));
    expect(await within(dialog).findByText('PEM پبلک کلید پیسٹ کریں')).toBeVisible();
    await userEvent.click(pem);
    await userEvent.paste('-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----');
    await userEvent.click(within(dialog).getByRole('button', { name: 'کلائنٹ بنائیں' }));
    expect(await within(dialog).findByText('2048 بٹ کی RSA پبلک کلید (PEM) اپ لوڈ کریں۔')).toBeVisible();
  });

  it('rotates with a new key beside the old one, then revokes the old key and the client after confirming', async () => {
    const second = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    let client = makeClient({ last_used_at: '2026-12-02T09:30:00.000Z' });
    const api = mockApi(
      http.get(`${API}/merchant-api/clients`, () => HttpResponse.json({ clients: [client] })),
      http.post(`${API}/merchant-api/clients/${CLIENT_ID}/keys`, async ({ request }) => {
        await bodyOf(request, ApiClientKeyBodySchema);
        client = {
          ...client,
          keys: [...client.keys, { key_id: second, created_at: '2026-12-03T08:00:00.000Z', revoked_at: null }],
        };
        return HttpResponse.json(client, { status: 201 });
      }),
      http.delete(`${API}/merchant-api/clients/${CLIENT_ID}/keys/${KEY_ID}`, () => {
        client = {
          ...client,
          keys: client.keys.map((key) =>
            key.key_id === KEY_ID ? { ...key, revoked_at: '2026-12-03T09:00:00.000Z' } : key,
          ),
        };
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete(`${API}/merchant-api/clients/${CLIENT_ID}`, () => {
        client = { ...client, revoked_at: '2026-12-03T10:00:00.000Z' };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderDevelopers('clients');
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText(KEY_ID)).toBeVisible();
    expect(within(card).getByText('Sandbox')).toBeVisible();
    expect(within(card).queryByText('Never')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Rotate key' }));
    const rotate = await screen.findByRole('dialog', { name: 'New key for Till at Clifton' });
    await userEvent.click(within(rotate).getByRole('button', { name: 'Add key' }));
    await within(rotate).findByText(second, {}, { timeout: 10_000 });
    expect(downloads.map((download) => download.name)).toEqual([`till-at-clifton-${second.slice(0, 8)}.private.pem`]);
    await userEvent.click(within(rotate).getByRole('button', { name: 'Done' }));

    await within(card).findByText(second);
    const keyRows = within(card).getAllByRole('button', { name: 'Revoke key' });
    expect(keyRows).toHaveLength(2);
    await userEvent.click(keyRows[0] as HTMLElement);
    const confirmKey = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    await userEvent.click(within(confirmKey).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(within(card).queryByText(KEY_ID)).toBeNull());

    await userEvent.click(within(card).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Till at Clifton?' });
    expect(api.requests.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(card).findByText('Revoked')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Rotate key' })).toBeNull();
    expect(api.requests.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      `${API}/merchant-api/clients/${CLIENT_ID}/keys/${KEY_ID}`,
      `${API}/merchant-api/clients/${CLIENT_ID}`,
    ]);
  });

  it('makes a new client secret, shows it once, and keeps the previous one for the hours chosen', async () => {
    let client = makeClient({ has_secret: true, keys: [] });
    const api = mockApi(
      http.get(`${API}/merchant-api/clients`, () => HttpResponse.json({ clients: [client] })),
      http.post(`${API}/merchant-api/clients/${CLIENT_ID}/secret`, async ({ request }) => {
        await bodyOf(request, ApiClientSecretBodySchema);
        client = { ...client, previous_secret_expires_at: '2026-12-03T09:00:00.000Z' };
        return HttpResponse.json({ client, client_secret: 'sk_rotated_secret_shown_once' }, { status: 201 });
      }),
    );
    await renderDevelopers('clients');
    const card = await screen.findByRole('listitem');
    expect(within(card).queryByText('Previous secret works until')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'New secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'New secret for Till at Clifton' });
    expect(within(dialog).getByRole('radio', { name: /In 24 hours/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /In 1 hour/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make new secret' }));

    expect(await within(dialog).findByText('sk_rotated_secret_shown_once')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy Client secret' })).toBeVisible();
    expect(within(dialog).getByText(/The previous secret keeps working until .*2026/)).toBeVisible();
    expect(api.sent(`${API}/merchant-api/clients/${CLIENT_ID}/secret`).map((call) => call.body)).toEqual([
      { previous_secret_hours: 1 },
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    // The list is read again: the card says until when the previous secret works, and the new one is gone.
    expect(await within(card).findByText('Previous secret works until')).toBeVisible();
    expect(screen.queryByText('sk_rotated_secret_shown_once')).toBeNull();
  });

  it('offers no new secret to a client of keys only, and says why a rotation failed, in Urdu', async () => {
    const keysOnly = makeClient({ client_id: 'c-keys', name: 'ERP' });
    mockApi(
      http.get(`${API}/merchant-api/clients`, () =>
        HttpResponse.json({ clients: [keysOnly, makeClient({ has_secret: true, keys: [] })] }),
      ),
      http.post(`${API}/merchant-api/clients/${CLIENT_ID}/secret`, () =>
        apiError(404, 'NotFound', 'merchant-api.error.client-not-found', [
          {
            message: 'merchant-api.error.client-not-found',
            meta: { translation_key: 'merchant-api.error.client-not-found' },
          },
        ]),
      ),
    );
    await renderDevelopers('clients', 'ur_alt');
    const [erp, till] = await screen.findAllByRole('listitem');
    expect(within(erp as HTMLElement).queryByRole('button', { name: 'نیا سیکرٹ' })).toBeNull();
    await userEvent.click(within(till as HTMLElement).getByRole('button', { name: 'نیا سیکرٹ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Till at Clifton کے لیے نیا سیکرٹ' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /فوراً/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'نیا سیکرٹ بنائیں' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('یہ API کلائنٹ نہیں ملا۔');
  });

  it('explains a list that could not be loaded, and reads it again on request', async () => {
    let fails = true;
    mockApi(
      http.get(`${API}/merchant-api/clients`, () =>
        fails ? apiError(403, 'Forbidden', 'Forbidden') : HttpResponse.json({ clients: [makeClient()] }),
      ),
    );
    await renderDevelopers('clients');
    expect(await screen.findByText('The API clients could not be loaded.')).toBeVisible();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Till at Clifton' })).toBeVisible();
  });
});
