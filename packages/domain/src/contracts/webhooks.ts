import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../config.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../webhook-events.ts';
import { textSchema, VendorIdSchema } from './common.ts';

/**
 * The portal's webhook calls (issue 35, Settings → Developers → Webhooks): a vendor's endpoints, their
 * signing secret (answered once, at creation and rotation), and their recent deliveries. The scheme and
 * address rules (HTTPS and public addresses in prd) are the server's: a refused URL answers 422.
 *
 *   GET    /webhooks/endpoints?vendor_id=                          → WebhookEndpointList
 *   POST   /webhooks/endpoints                                      → 201 WebhookEndpointWithSecret
 *   PATCH  /webhooks/endpoints/{endpointId}                         → WebhookEndpoint
 *   DELETE /webhooks/endpoints/{endpointId}                         → 204
 *   POST   /webhooks/endpoints/{endpointId}/secret                  → WebhookEndpointWithSecret (rotation)
 *   POST   /webhooks/endpoints/{endpointId}/enable                  → WebhookEndpoint (after a disabling)
 *   GET    /webhooks/endpoints/{endpointId}/deliveries              → WebhookDeliveryList (newest first)
 *   POST   /webhooks/endpoints/{endpointId}/test                    → 202 WebhookDelivery (a signed ping)
 *   POST   /webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/redeliver → 202 WebhookDelivery
 * Another merchant's endpoint or delivery answers 404, as one that does not exist.
 */

/** An endpoint URL as typed: the server checks the scheme, the host and where it resolves. */
export const WebhookUrlSchema = textSchema(2048, { min: 1, trim: true });

/** The chosen events: at least one, each one of WEBHOOK_EVENT_TYPES, no repeats kept. */
export const WebhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'webhooks.events.none')
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .transform((events) => [...new Set(events)]);

/** GET /webhooks/endpoints: one vendor's endpoints, or every endpoint of the caller's vendors. */
export const WebhookEndpointListQuerySchema = z.object({ vendor_id: VendorIdSchema.optional() });
export type WebhookEndpointListQuery = z.infer<typeof WebhookEndpointListQuerySchema>;

/** POST /webhooks/endpoints. `lang` is the language of the e-mail sent if the endpoint is ever disabled. */
export const WebhookEndpointCreateBodySchema = z.object({
  vendor_id: VendorIdSchema,
  url: WebhookUrlSchema,
  events: WebhookEventsSchema,
  lang: z.enum(SUPPORTED_LANGUAGES).default('en'),
});
export type WebhookEndpointCreateBody = z.input<typeof WebhookEndpointCreateBodySchema>;

/** PATCH /webhooks/endpoints/{endpointId}: the URL, the events, or both. */
export const WebhookEndpointUpdateBodySchema = z
  .object({
    url: WebhookUrlSchema.optional(),
    events: WebhookEventsSchema.optional(),
    lang: z.enum(SUPPORTED_LANGUAGES).optional(),
  })
  .refine((body) => body.url !== undefined || body.events !== undefined || body.lang !== undefined, {
    message: 'webhooks.update.nothing',
    path: ['url'],
  });
export type WebhookEndpointUpdateBody = z.input<typeof WebhookEndpointUpdateBodySchema>;

export const WebhookEndpointParamsSchema = z.object({ endpointId: z.uuid() });
export const WebhookDeliveryParamsSchema = z.object({ endpointId: z.uuid(), deliveryId: z.uuid() });

/** An endpoint as listed: never its secret. */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  vendor_id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** Failed attempts in a row; at the limit the endpoint is disabled. */
  consecutive_failures: z.number().int(),
  /** Set when the endpoint was disabled after too many failures in a row; re-enabling clears it. */
  disabled_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

/** The signing secret is in this answer only (creation and rotation): it is kept sealed. */
export const WebhookEndpointWithSecretSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One delivery of one event to one endpoint, with its latest attempt. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The same on every attempt and redelivery (X-Webhook-Event-Id). */
  event_id: z.string(),
  event_type: z.union([z.enum(WEBHOOK_EVENT_TYPES), z.literal(WEBHOOK_TEST_EVENT)]),
  /** null for a test event. */
  order_id: z.string().nullable(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The latest attempt's answer status; null before an attempt or when none came (time-out, refused). */
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  /** Why the latest attempt failed without an answer (timeout, ECONNREFUSED, address refused). */
  error: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** When the latest attempt was made or is due. */
  next_attempt_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
