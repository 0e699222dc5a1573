import { describe, expect, it } from 'vitest';
import { ApiClientCreateBodySchema } from '../contracts/merchant-api.ts';
import { WebhookEndpointCreateBodySchema, WebhookEndpointUpdateBodySchema } from '../contracts/webhooks.ts';
import {
  ApiClientFormSchema,
  ApiKeyFormSchema,
  emptyApiClientForm,
  emptyWebhookEndpointForm,
  toApiClientBody,
  toWebhookCreateBody,
  toWebhookUpdateBody,
  WebhookEndpointFormSchema,
} from './developer-forms.ts';

const PEM = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----\n';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('ApiClientFormSchema', () => {
  const base = { ...emptyApiClientForm('pk-1'), name: 'Till' };

  it.each([
    [{ name: '  ' }, { name: 'developers.clients.error.name' }],
    [{ name: 'x'.repeat(101) }, { name: 'developers.clients.error.name-long' }],
    [{ vendor_id: '' }, { vendor_id: 'developers.error.vendor' }],
    [
      { credential: 'upload' as const, public_key_pem: 'ssh-rsa AAAA' },
      { public_key_pem: 'developers.clients.error.pem' },
    ],
    [{ scope: 'outlets' as const }, { outlet_ids: 'developers.clients.error.outlets' }],
  ])('refuses %o with its message key', (change, expected) => {
    expect(messages(ApiClientFormSchema.safeParse({ ...base, ...change }))).toEqual(expected);
  });

  it('takes a generated key, a pasted PEM, a secret, and chosen outlets', () => {
    for (const change of [
      { credential: 'generate' as const },
      { credential: 'upload' as const, public_key_pem: PEM },
      { credential: 'secret' as const, scope: 'outlets' as const, outlet_ids: ['pk-1-a'] },
    ]) {
      expect(ApiClientFormSchema.safeParse({ ...base, ...change }).success).toBe(true);
    }
  });

  it('builds the contract body: a key or a secret, outlets only when chosen', () => {
    const withKey = toApiClientBody({ ...base, outlet_ids: ['pk-1-a'] }, `  ${PEM}`);
    expect(withKey).toEqual({
      vendor_id: 'pk-1',
      name: 'Till',
      scope: 'all',
      outlet_ids: [],
      public_key_pem: PEM.trim(),
      with_secret: false,
    });
    expect(ApiClientCreateBodySchema.safeParse(withKey).success).toBe(true);
    const withSecret = toApiClientBody(
      { ...base, credential: 'secret', scope: 'outlets', outlet_ids: ['pk-1-a'], public_key_pem: PEM },
      null,
    );
    expect(withSecret).toEqual({
      vendor_id: 'pk-1',
      name: 'Till',
      scope: 'outlets',
      outlet_ids: ['pk-1-a'],
      with_secret: true,
    });
    expect(ApiClientCreateBodySchema.safeParse(withSecret).success).toBe(true);
  });

  it('asks a rotation for a PEM only when one is uploaded', () => {
    expect(ApiKeyFormSchema.safeParse({ credential: 'generate', public_key_pem: '' }).success).toBe(true);
    expect(messages(ApiKeyFormSchema.safeParse({ credential: 'upload', public_key_pem: 'nope' }))).toEqual({
      public_key_pem: 'developers.clients.error.pem',
    });
  });
});

describe('WebhookEndpointFormSchema', () => {
  const base = { ...emptyWebhookEndpointForm('pk-1', 'ur_alt'), url: 'https://pos.example.pk/hooks' };

  it('starts on the status changes, in the page language', () => {
    expect(emptyWebhookEndpointForm('pk-1', 'ur_alt')).toMatchObject({
      events: ['order.status_changed'],
      lang: 'ur_alt',
    });
    expect(emptyWebhookEndpointForm(null, 'fr').lang).toBe('en');
  });

  it.each([
    [{ url: '' }, { url: 'developers.webhooks.error.url-empty' }],
    [{ url: 'pos.example.pk/hooks' }, { url: 'developers.webhooks.error.url' }],
    [{ url: 'ftp://pos.example.pk' }, { url: 'developers.webhooks.error.url' }],
    [{ events: [] }, { events: 'webhooks.events.none' }],
  ])('refuses %o with its message key', (change, expected) => {
    expect(messages(WebhookEndpointFormSchema.safeParse({ ...base, ...change }))).toEqual(expected);
  });

  it('leaves HTTP and local addresses to the server, which allows them outside prd', () => {
    expect(WebhookEndpointFormSchema.safeParse({ ...base, url: 'http://127.0.0.1:9000/in' }).success).toBe(true);
  });

  it('builds the create body and an edit of what changed only', () => {
    const created = toWebhookCreateBody({ ...base, url: ' https://pos.example.pk/hooks ' });
    expect(created.url).toBe('https://pos.example.pk/hooks');
    expect(WebhookEndpointCreateBodySchema.safeParse(created).success).toBe(true);
    const before = { url: base.url, events: base.events, lang: base.lang };
    expect(toWebhookUpdateBody(base, before)).toBeNull();
    const edit = toWebhookUpdateBody({ ...base, events: ['order.location', 'order.status_changed'] }, before);
    expect(edit).toEqual({ events: ['order.location', 'order.status_changed'] });
    expect(WebhookEndpointUpdateBodySchema.safeParse(edit).success).toBe(true);
    expect(toWebhookUpdateBody({ ...base, lang: 'en' }, before)).toEqual({ lang: 'en' });
  });
});
