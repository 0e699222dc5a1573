import { z } from 'zod';
import { textSchema } from './common.ts';
import { OrderSchema } from './orders.ts';

/** The console's Support page (issue 36, decision 182): the help centre's tickets as a queue. */

export const TICKET_STATUSES = ['OPEN', 'ASSIGNED', 'WAITING_ON_MERCHANT', 'SOLVED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TicketStatusSchema = z.enum(TICKET_STATUSES);

export const TICKET_MESSAGE_KINDS = ['REPLY', 'NOTE'] as const;

export const TicketNumberSchema = z.string().regex(/^HC-\d{1,12}$/, 'validation.token');
export const TicketParamsSchema = z.object({ ticketNumber: TicketNumberSchema });

export const TicketQueueQuerySchema = z.object({ status: TicketStatusSchema.optional() });

export const TicketOperatorSchema = z.object({ id: z.string(), name: z.string() });

export const TicketSummarySchema = z.object({
  ticket_number: z.string(),
  status: TicketStatusSchema,
  vendor_id: z.string(),
  vendor_name: z.string().nullable(),
  order_id: z.string(),
  email: z.string(),
  message: z.string(),
  assigned_to: TicketOperatorSchema.nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

export const TicketQueueSchema = z.object({
  tickets: z.array(TicketSummarySchema),
  /** How many tickets each status has now, for the queue's tabs. */
  counts: z.record(TicketStatusSchema, z.number().int().nonnegative()),
});
export type TicketQueue = z.infer<typeof TicketQueueSchema>;

export const TicketMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(TICKET_MESSAGE_KINDS),
  operator: TicketOperatorSchema.nullable(),
  body: z.string(),
  created_at: z.iso.datetime(),
});
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

export const TicketDetailSchema = TicketSummarySchema.extend({
  messages: z.array(TicketMessageSchema),
  /** The order the ticket is about, as the merchant's screens show it (read-only). */
  order: OrderSchema.nullable(),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

export const TicketTextSchema = textSchema(5000, { min: 1, trim: true, multiline: true });

/** POST …/tickets/{n}/replies (e-mailed, shown in the help centre) and …/notes (operators only). */
export const TicketMessageBodySchema = z.object({ body: TicketTextSchema });
export type TicketMessageBody = z.infer<typeof TicketMessageBodySchema>;

/** PUT …/tickets/{n}/assignee: an operator of the support desk (admin or support), or null to hand it back. */
export const TicketAssignBodySchema = z.object({ operator_id: z.uuid().nullable() });
export type TicketAssignBody = z.infer<typeof TicketAssignBodySchema>;

/** PUT …/tickets/{n}/status */
export const TicketStatusBodySchema = z.object({ status: TicketStatusSchema });
export type TicketStatusBody = z.infer<typeof TicketStatusBodySchema>;

/** The help centre's list of the merchant's own tickets with support's replies (never the notes). */
export const MerchantTicketSchema = z.object({
  ticket_number: z.string(),
  status: TicketStatusSchema,
  order_id: z.string(),
  message: z.string(),
  created_at: z.iso.datetime(),
  replies: z.array(z.object({ id: z.string(), body: z.string(), created_at: z.iso.datetime() })),
});
export type MerchantTicket = z.infer<typeof MerchantTicketSchema>;
export const MerchantTicketsAnswerSchema = z.object({ result: z.object({ tickets: z.array(MerchantTicketSchema) }) });
