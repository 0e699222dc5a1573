import { z } from 'zod';
import { InstantInputSchema, VendorIdSchema } from './common.ts';
import { OrderSchema } from './orders.ts';

/**
 * The live connection (spec §7 "Live connection"): a WebSocket at /live, carrying JSON `{event, data}` both
 * ways. It opens with `?ticket=<one-time ticket>` (POST /api/v1/live/ticket), or, for the spec's clients,
 * `?authorization=<the HTTP header's value>`.
 */
export const LIVE_PATH = '/live';
export const LIVE_TICKET_PATH = '/api/v1/live/ticket';
/** A ticket opens one socket within this many seconds; a URL may be logged, so it must be worth nothing after. */
export const LIVE_TICKET_TTL_S = 30;

export const LiveTicketAnswerSchema = z.object({
  result: z.object({
    ticket: z.string().min(1),
    /** Seconds the ticket stays valid (LIVE_TICKET_TTL_S). */
    expires_in: z.number().int().positive(),
  }),
});
export type LiveTicketAnswer = z.infer<typeof LiveTicketAnswerSchema>;

/** The socket's query: a ticket, or the Authorization header's value. */
export const LiveSocketQuerySchema = z.object({
  ticket: z.string().min(1).max(256).optional(),
  authorization: z.string().min(1).max(8192).optional(),
});

export const LiveClientMessageSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('subscribeToVendor'),
    data: z.object({
      vendor_id: VendorIdSchema,
      /** Replays this vendor's orders changed after this instant, for a client that reconnects. */
      since: InstantInputSchema.optional(),
    }),
  }),
  z.object({ event: z.literal('ping'), data: z.unknown().optional() }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/** The NOTIFY channel of bulk job changes (the API's bulk module notifies, its live module relays). */
export const BULK_JOB_CHANGES_CHANNEL = 'bulk_job_changes';

/** Where a bulk job's placement stands, pushed as it moves (the `bulk_job_changes` notice carries it). */
export const BulkJobUpdateSchema = z.object({
  bulk_job_id: z.string(),
  vendor_id: VendorIdSchema,
  parent_vendor_id: VendorIdSchema.nullable(),
  status: z.string(),
  placement: z.string(),
  orders_placed: z.number().int(),
  orders_to_be_placed: z.number().int(),
  /**
   * While an upload's rows are checked (status PREPROCESSING), before the job exists: the id the upload was
   * sent with (`upload_id` of POST /bulk-job/create), the rows checked so far and the file's rows.
   */
  upload_id: z.string().max(64).nullable().optional(),
  rows_checked: z.number().int().nonnegative().optional(),
  total_rows: z.number().int().nonnegative().optional(),
});
export type BulkJobUpdate = z.infer<typeof BulkJobUpdateSchema>;

/** The `status` of a `bulk_job_update` sent while an upload's rows are being checked. */
export const BULK_UPLOAD_CHECKING = 'PREPROCESSING';

export const LiveServerMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('subscribe_ok'), data: z.object({ vendor_id: VendorIdSchema }) }),
  z.object({ event: z.literal('order_update'), data: OrderSchema }),
  z.object({ event: z.literal('bulk_job_update'), data: BulkJobUpdateSchema }),
  /** A flag changed somewhere (maintenance among them): the browser reads its flags again now. */
  z.object({ event: z.literal('flags_changed'), data: z.object({}) }),
  z.object({ event: z.literal('pong'), data: z.object({ at: z.string() }) }),
  z.object({ event: z.literal('error'), data: z.object({ message: z.string() }) }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;

/** Every instance LISTENs here; a console change of a flag NOTIFYs it in the change's transaction. */
export const FLAG_CHANGES_CHANNEL = 'flag_changes';

export const LIVE_ERRORS = {
  forbiddenVendor: 'error.forbidden-vendor',
  badMessage: 'error.live.bad-message',
} as const;

/** The NOTIFY payload every order change carries on the `order_changes` channel. */
export const OrderChangeNoticeSchema = z.object({
  order_id: z.string(),
  vendor_id: z.string(),
  parent_vendor_id: z.string().nullable(),
  updated_at: z.string(),
});
export type OrderChangeNotice = z.infer<typeof OrderChangeNoticeSchema>;

/**
 * The close a client sees when the login behind its socket ends (token expired, logout, refresh-token
 * reuse, password reset); 4000-4999 are the application's own codes (RFC 6455 §7.4.2). The same token
 * would be refused again, so the client renews its session before reconnecting.
 */
export const LIVE_SESSION_ENDED = { code: 4401, reason: 'session-ended' } as const;

/**
 * The close a client sees when its instance stops (a deploy, a restart): 1012 "service restart" (RFC 6455
 * registry). The client reconnects at once rather than backing off; another instance takes it.
 */
export const LIVE_SERVICE_RESTART = { code: 1012, reason: 'service-restart' } as const;
