import { z } from 'zod';
import { queryNumberSchema, resultOf, textSchema } from './common.ts';

/** GET /api/v1/dev/outbox — e-mails written by the embedded mailer, and texts kept by the embedded SMS and WhatsApp channels; never served in prd. */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  sent_at: z.iso.datetime({ offset: true }).nullable(),
  error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
/** An SMS or WhatsApp message the embedded channel kept instead of sending it (decision 175). */
export const OutboxTextSchema = z.object({
  id: z.string(),
  channel: z.string(),
  kind: z.string(),
  /** The number in E.164. */
  to: z.string(),
  text: z.string(),
  order_id: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OutboxText = z.infer<typeof OutboxTextSchema>;
export const OutboxQuerySchema = z.object({
  /** An e-mail address, or a phone number in E.164 for the texts. */
  to: textSchema(254, { trim: true }).toLowerCase().optional(),
  limit: queryNumberSchema(z.number().int().min(1).max(200)).default(50),
});
export const OutboxAnswerSchema = resultOf(
  z.object({ messages: z.array(OutboxMessageSchema), texts: z.array(OutboxTextSchema).default([]) }),
);
export type OutboxAnswer = z.infer<typeof OutboxAnswerSchema>;

/**
 * POST /api/v1/dev/outbox/reply: answers a text the embedded channel kept, as its customer would from the phone
 * (STOP, START, 1, a language), so the outbox can be tried end to end without a provider.
 */
export const OutboxReplyBodySchema = z.object({ message_id: z.uuid(), text: textSchema(160, { min: 1, trim: true }) });
export type OutboxReplyBody = z.infer<typeof OutboxReplyBodySchema>;
export const OutboxReplyAnswerSchema = resultOf(z.object({ intent: z.string() }));
