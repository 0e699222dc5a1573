import { z } from 'zod';
import { IdSchema, resultOf, textSchema, tokenSchema, VendorIdSchema } from './common.ts';

/** spec §9: the help centre token lives an hour; the browser asks again 5 minutes before it ends. */
export const HELP_CENTRE_TOKEN_TTL_S = 60 * 60;
export const HELP_CENTRE_TOKEN_REFRESH_MS = (60 - 5) * 60 * 1000;
export const SUPPORT_MESSAGE_MAX = 1000;

export const HelpCentreTokenParamsSchema = z.object({ id: VendorIdSchema });
/** GET /vendor/{id}/hc_jwt_token (spec §7): result is the token. */
export const HelpCentreTokenAnswerSchema = resultOf(z.string().min(1));

/** spec §3 "Help centre init payload". */
export const HelpCentreInitBodySchema = z.object({
  user_id: textSchema(128, { min: 1 }),
  email: z.string().max(254),
  guest: z.boolean(),
  name: textSchema(200),
  brand: textSchema(64, { min: 1 }),
  global_entity_id: textSchema(16, { min: 1 }),
  country: textSchema(8, { min: 2 }),
  locale: textSchema(16, { min: 2 }),
  app_version: textSchema(64),
  verification_token: tokenSchema(4096).min(1),
  bridge: z.literal(true),
  service_type: z.literal('on_demand_rider'),
});
export type HelpCentreInitBody = z.infer<typeof HelpCentreInitBodySchema>;
/** POST {host}/conditions-api/v1/init (spec §7): the url of the embedded frame. */
export const HelpCentreInitAnswerSchema = z.object({ url: z.string().min(1) });

/** The orders a merchant may ask about, newest first (the frame's order picker). */
export const SupportOrderSchema = z.object({
  order_id: z.string(),
  created_at: z.string(),
  status: z.string(),
  customer_name: z.string(),
});
export type SupportOrder = z.infer<typeof SupportOrderSchema>;
export const SupportOrdersAnswerSchema = resultOf(z.object({ orders: z.array(SupportOrderSchema) }));

export const SupportTicketBodySchema = z.object({
  order_id: IdSchema,
  message: textSchema(SUPPORT_MESSAGE_MAX, { min: 1, trim: true, multiline: true }),
});
export type SupportTicketBody = z.infer<typeof SupportTicketBodySchema>;
export const SupportTicketAnswerSchema = resultOf(z.object({ ticket_number: z.string() }));
