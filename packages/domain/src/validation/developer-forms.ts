import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../config.ts';
import type { ApiClientCreateBody } from '../contracts/merchant-api.ts';
import { PublicKeyPemSchema } from '../contracts/merchant-api.ts';
import type { WebhookEndpointCreateBody, WebhookEndpointUpdateBody } from '../contracts/webhooks.ts';
import { WebhookEventsSchema } from '../contracts/webhooks.ts';
import { API_CLIENT_SCOPES } from '../merchant-api/credentials.ts';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events.ts';

// Settings → Developers (issue 35). The forms' messages are translation keys; the server checks the same
// contracts again (the key's kind and size, the outlets' tree, the endpoint's scheme and addresses).

/**
 * How a new client proves who it is: a key pair made in the browser (only the public half is sent; the
 * private one is downloaded once), a public key the merchant already has, or a client secret shown once.
 */
export const API_CLIENT_CREDENTIALS = ['generate', 'upload', 'secret'] as const;
export type ApiClientCredential = (typeof API_CLIENT_CREDENTIALS)[number];

const isPem = (pem: string) => PublicKeyPemSchema.safeParse(pem).success;

export const ApiClientFormSchema = z
  .object({
    vendor_id: z.string(),
    name: z.string(),
    credential: z.enum(API_CLIENT_CREDENTIALS),
    /** With 'upload': the PEM as pasted or read from the chosen file. */
    public_key_pem: z.string(),
    scope: z.enum(API_CLIENT_SCOPES),
    outlet_ids: z.array(z.string()),
  })
  .superRefine((form, issues) => {
    if (!form.vendor_id) issues.addIssue({ code: 'custom', path: ['vendor_id'], message: 'developers.error.vendor' });
    const name = form.name.trim();
    if (!name) issues.addIssue({ code: 'custom', path: ['name'], message: 'developers.clients.error.name' });
    else if (name.length > 100)
      issues.addIssue({ code: 'custom', path: ['name'], message: 'developers.clients.error.name-long' });
    if (form.credential === 'upload' && !isPem(form.public_key_pem)) {
      issues.addIssue({ code: 'custom', path: ['public_key_pem'], message: 'developers.clients.error.pem' });
    }
    if (form.scope === 'outlets' && form.outlet_ids.length === 0) {
      issues.addIssue({ code: 'custom', path: ['outlet_ids'], message: 'developers.clients.error.outlets' });
    }
  });
export type ApiClientForm = z.infer<typeof ApiClientFormSchema>;

export const emptyApiClientForm = (vendorId: string | null): ApiClientForm => ({
  vendor_id: vendorId ?? '',
  name: '',
  credential: 'generate',
  public_key_pem: '',
  scope: 'all',
  outlet_ids: [],
});

/** The create call's body: `publicKeyPem` is the uploaded key, or the public half of the pair just made. */
export function toApiClientBody(form: ApiClientForm, publicKeyPem: string | null): ApiClientCreateBody {
  return {
    vendor_id: form.vendor_id,
    name: form.name.trim(),
    scope: form.scope,
    outlet_ids: form.scope === 'outlets' ? form.outlet_ids : [],
    ...(form.credential === 'secret' || publicKeyPem === null
      ? { with_secret: true }
      : { public_key_pem: publicKeyPem.trim(), with_secret: false }),
  };
}

/** A rotation's new key: made in the browser or uploaded. */
export const ApiKeyFormSchema = z
  .object({ credential: z.enum(['generate', 'upload']), public_key_pem: z.string() })
  .refine((form) => form.credential === 'generate' || isPem(form.public_key_pem), {
    path: ['public_key_pem'],
    message: 'developers.clients.error.pem',
  });
export type ApiKeyForm = z.infer<typeof ApiKeyFormSchema>;

/** An address the browser can read as http(s); whether it is allowed (HTTPS, public addresses in prd) is the server's. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const WebhookEndpointFormSchema = z
  .object({
    vendor_id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    lang: z.enum(SUPPORTED_LANGUAGES),
  })
  .superRefine((form, issues) => {
    if (!form.vendor_id) issues.addIssue({ code: 'custom', path: ['vendor_id'], message: 'developers.error.vendor' });
    const url = form.url.trim();
    if (!url) issues.addIssue({ code: 'custom', path: ['url'], message: 'developers.webhooks.error.url-empty' });
    else if (url.length > 2048 || !isHttpUrl(url))
      issues.addIssue({ code: 'custom', path: ['url'], message: 'developers.webhooks.error.url' });
    if (!WebhookEventsSchema.safeParse(form.events).success) {
      issues.addIssue({ code: 'custom', path: ['events'], message: 'webhooks.events.none' });
    }
  });
export type WebhookEndpointForm = z.infer<typeof WebhookEndpointFormSchema>;

export const emptyWebhookEndpointForm = (vendorId: string | null, lang: string): WebhookEndpointForm => ({
  vendor_id: vendorId ?? '',
  url: '',
  events: ['order.status_changed'],
  lang: (SUPPORTED_LANGUAGES as readonly string[]).includes(lang) ? (lang as WebhookEndpointForm['lang']) : 'en',
});

export const toWebhookCreateBody = (form: WebhookEndpointForm): WebhookEndpointCreateBody => ({
  vendor_id: form.vendor_id,
  url: form.url.trim(),
  events: form.events,
  lang: form.lang,
});

/** An edit sends what changed; the contract refuses an empty change. */
export function toWebhookUpdateBody(
  form: WebhookEndpointForm,
  before: Pick<WebhookEndpointForm, 'url' | 'events' | 'lang'>,
): WebhookEndpointUpdateBody | null {
  const body: WebhookEndpointUpdateBody = {};
  if (form.url.trim() !== before.url) body.url = form.url.trim();
  const sameEvents =
    form.events.length === before.events.length && form.events.every((event) => before.events.includes(event));
  if (!sameEvents) body.events = form.events;
  if (form.lang !== before.lang) body.lang = form.lang;
  return Object.keys(body).length === 0 ? null : body;
}
