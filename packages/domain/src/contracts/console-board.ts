import { z } from 'zod';
import { BOARD_EXCEPTIONS, OPERATOR_CANCEL_REASONS } from '../console/board.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { textSchema } from './common.ts';
import { OrderIdSchema } from './orders.ts';

/** The console's live operations board (issue 36, decision 181): every active order of every vendor. */

const Instant = z.iso.datetime({ offset: true });
const Point = z.object({ lat: z.number(), lng: z.number() });

export const BoardRiderSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  position: Point.nullable(),
  /** When the rider last reported a position or a state. */
  seen_at: Instant.nullable(),
});

export const BoardOrderSchema = z.object({
  order_id: z.string(),
  vendor_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The stage under an overlay (DELAYED, MODIFIED): what the order is really doing. */
  stage: z.enum(ORDER_STATUSES),
  group: z.enum(['to_collect', 'collected', 'ended']),
  created_at: Instant,
  updated_at: Instant,
  preordered_for: Instant.nullable(),
  exception: z.enum(BOARD_EXCEPTIONS).nullable(),
  exception_since: Instant.nullable(),
  /** The outlet's city: the board's area filter. */
  area: z.string().nullable(),
  merchant: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  pickup: Point,
  dropoff: Point,
  customer_address: z.string(),
  rider: BoardRiderSchema.nullable(),
  can_reassign: z.boolean(),
  can_cancel: z.boolean(),
});
export type BoardOrder = z.infer<typeof BoardOrderSchema>;

/** A free rider an order may be handed to. */
export const BoardFreeRiderSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  position: Point,
  is_simulated: z.boolean(),
});
export type BoardFreeRider = z.infer<typeof BoardFreeRiderSchema>;

/** GET /api/v1/console/board */
export const BoardSchema = z.object({
  orders: z.array(BoardOrderSchema),
  /** The clock the ages are counted from (the server's). */
  now: Instant,
});
export type Board = z.infer<typeof BoardSchema>;

/** GET /api/v1/console/board/orders/{orderId}: one order as the board shows it (a live update's reload). */
export const BoardOrderParamsSchema = z.object({ orderId: OrderIdSchema });

/** GET /api/v1/console/board/free-riders?order_id=…: free riders, nearest the order's pickup first. */
export const BoardFreeRidersQuerySchema = z.object({ order_id: OrderIdSchema });
export const BoardFreeRidersSchema = z.object({ riders: z.array(BoardFreeRiderSchema) });

/** POST /api/v1/console/orders/{orderId}/reassign: offered to this rider, through the rider API's lifecycle. */
export const ReassignBodySchema = z.object({ rider_id: z.uuid() });
export type ReassignBody = z.infer<typeof ReassignBodySchema>;

/** POST /api/v1/console/orders/{orderId}/cancel */
export const OperatorCancelBodySchema = z
  .object({
    reason: z.enum(OPERATOR_CANCEL_REASONS),
    note: textSchema(500, { trim: true }).optional(),
  })
  .refine((body) => body.reason !== 'reason_unknown' || (body.note ?? '').length > 0, {
    message: 'console.error.board.note-required',
    path: ['note'],
  });
export type OperatorCancelBody = z.infer<typeof OperatorCancelBodySchema>;

/** POST /api/v1/console/board/ticket: a one-time ticket that opens the board's live socket. */
export const BoardTicketSchema = z.object({ ticket: z.string(), expires_in: z.number() });

/** The live board's socket: opened with a ticket, it sends `board_update` (a BoardOrder) and `board_resync`. */
export const BOARD_TICKET_PATH = '/api/v1/console/board/ticket';
export const BOARD_LIVE_PATH = '/live/board';
export const BoardSocketQuerySchema = z.object({ ticket: z.string().min(16).max(128) });
