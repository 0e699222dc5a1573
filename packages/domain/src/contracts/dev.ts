import { z } from 'zod';
import { queryNumberSchema, resultOf, textSchema } from './common.ts';

/** GET /api/v1/dev/outbox — e-mails written by the embedded mailer; never served in prd. */
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
export const OutboxQuerySchema = z.object({
  to: textSchema(254, { trim: true }).toLowerCase().optional(),
  limit: queryNumberSchema(z.number().int().min(1).max(200)).default(50),
});
export const OutboxAnswerSchema = resultOf(z.object({ messages: z.array(OutboxMessageSchema) }));
export type OutboxAnswer = z.infer<typeof OutboxAnswerSchema>;
