import { z } from 'zod';
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATES,
  MESSAGE_TRIGGERS,
  type MessageTrigger,
  QUIET_HOURS_PATTERN,
  SKIP_REASONS,
} from '../messaging/customer-messages.ts';
import { CASH_CONFIRMATION_MINUTES } from '../orders/cash-confirmation.ts';
import { IdSchema, resultOf, VendorIdSchema } from './common.ts';

/**
 * The portal's customer-message calls (issue 37, Settings → Customer messages; decision 175):
 *
 *   GET /customer-messages/settings?vendor_id=           → CustomerMessageSettingsAnswer
 *   PUT /customer-messages/settings                      → CustomerMessageSettingsAnswer
 *   GET /customer-messages/preview?vendor_id=            → CustomerMessagePreviewAnswer (every text, both languages)
 *   GET /customer-messages/orders/{orderId}?vendor_id=   → OrderMessagesAnswer (what was sent, and the replies)
 *
 * Another merchant's vendor answers 403, and an order not of the vendor 404, as every portal call.
 */

export const TriggerSettingSchema = z.object({ enabled: z.boolean(), channel: z.enum(MESSAGE_CHANNELS) });

export const TriggerSettingsSchema = z.object(
  Object.fromEntries(MESSAGE_TRIGGERS.map((trigger) => [trigger, TriggerSettingSchema])) as Record<
    MessageTrigger,
    typeof TriggerSettingSchema
  >,
);

/** 'HHMM:HHMM' in the country's time zone, or null for none; start after end spans midnight. */
export const QuietHoursSchema = z
  .string()
  .regex(QUIET_HOURS_PATTERN, 'customer-messages.error.quiet-hours')
  .refine((value) => value.slice(0, 4) !== value.slice(5), 'customer-messages.error.quiet-hours')
  .nullable();

/** What an outlet sends its customers, on which channel, in which language by default, and when not. */
export const CustomerMessageSettingsBodySchema = z.object({
  vendor_id: VendorIdSchema,
  triggers: TriggerSettingsSchema,
  /** The language of a customer who has not chosen one (a reply) and whose order names none. */
  language: z.enum(MESSAGE_LANGUAGES),
  quiet_hours: QuietHoursSchema,
  /** Every order of the outlet asks the customer for a handover PIN at the door (decision 175). */
  handover_pin_required: z.boolean().default(false),
  /** Minutes a cash order waits for its customer to confirm before a rider is sent; null asks none (decision 175). */
  cash_confirmation_minutes: z
    .number()
    .int()
    .min(CASH_CONFIRMATION_MINUTES.min)
    .max(CASH_CONFIRMATION_MINUTES.max)
    .nullable()
    .default(null),
});
export type CustomerMessageSettingsBody = z.infer<typeof CustomerMessageSettingsBodySchema>;

export const CustomerMessageSettingsQuerySchema = z.object({ vendor_id: VendorIdSchema });

/** A channel as this deployment has it: whether it can be chosen, and through which provider it goes. */
export const MessageChannelInfoSchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  is_available: z.boolean(),
  /** outbox (the embedded stand-in, read at /dev/outbox), twilio, gateway, cloud (WhatsApp), smtp. */
  provider: z.string(),
});

export const CustomerMessageSettingsSchema = CustomerMessageSettingsBodySchema.extend({
  channels: z.array(MessageChannelInfoSchema),
  /** Messages the merchant (the parent vendor) may send a day, across its outlets. */
  daily_cap: z.number().int(),
  updated_at: z.iso.datetime().nullable(),
});
export type CustomerMessageSettings = z.infer<typeof CustomerMessageSettingsSchema>;
export const CustomerMessageSettingsAnswerSchema = resultOf(CustomerMessageSettingsSchema);

export const MessagePreviewSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  language: z.enum(MESSAGE_LANGUAGES),
  text: z.string(),
});
export const CustomerMessagePreviewAnswerSchema = resultOf(z.object({ previews: z.array(MessagePreviewSchema) }));
export type CustomerMessagePreviewAnswer = z.infer<typeof CustomerMessagePreviewAnswerSchema>;

export const OrderMessagesParamsSchema = z.object({ orderId: IdSchema });
export const OrderMessagesQuerySchema = z.object({ vendor_id: VendorIdSchema });

const Instant = z.iso.datetime();

/** A message of an order as the merchant sees it: the number masked, the text as it was sent. */
export const OrderMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  /** Masked (+92******4567), or the e-mail address. */
  to: z.string(),
  language: z.enum(MESSAGE_LANGUAGES),
  text: z.string(),
  state: z.enum(MESSAGE_STATES),
  skip_reason: z.enum(SKIP_REASONS).nullable(),
  /** The provider's refusal or failure report. */
  error: z.string().nullable(),
  created_at: Instant,
  sent_at: Instant.nullable(),
  delivered_at: Instant.nullable(),
  failed_at: Instant.nullable(),
});
export type OrderMessage = z.infer<typeof OrderMessageSchema>;

/** A customer's reply to one of the order's messages. */
export const OrderReplySchema = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  from: z.string(),
  text: z.string(),
  /** What the reply did: stop, start, confirm, language, or other (nothing). */
  intent: z.string(),
  received_at: Instant,
});
export type OrderReply = z.infer<typeof OrderReplySchema>;

export const OrderMessagesAnswerSchema = resultOf(
  z.object({ messages: z.array(OrderMessageSchema), replies: z.array(OrderReplySchema) }),
);
export type OrderMessagesAnswer = z.infer<typeof OrderMessagesAnswerSchema>;
