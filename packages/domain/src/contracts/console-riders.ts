import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status.ts';
import { textSchema } from './common.ts';
import { RIDER_STATES } from './riders.ts';

/** The console's Riders page (issue 36, decision 181): the fleet, its positions and its orders. */

const Instant = z.iso.datetime({ offset: true });

export const ConsoleRiderSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  state: z.enum(RIDER_STATES),
  position: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  seen_at: Instant,
  /** Driven by the built-in fleet simulator, not a rider app. */
  is_simulated: z.boolean(),
  is_active: z.boolean(),
  current_order_id: z.string().nullable(),
});
export type ConsoleRider = z.infer<typeof ConsoleRiderSchema>;

export const ConsoleRiderListSchema = z.object({ riders: z.array(ConsoleRiderSchema) });
export type ConsoleRiderList = z.infer<typeof ConsoleRiderListSchema>;

export const ConsoleRiderParamsSchema = z.object({ riderId: z.uuid() });

export const RiderOrderSummarySchema = z.object({
  order_id: z.string(),
  vendor_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: Instant,
  updated_at: Instant,
  customer_address: z.string(),
});
export type RiderOrderSummary = z.infer<typeof RiderOrderSummarySchema>;

/** GET /api/v1/console/riders/{riderId}: the rider, the order it is on, and its recent orders. */
export const ConsoleRiderDetailSchema = z.object({
  rider: ConsoleRiderSchema,
  current_order: RiderOrderSummarySchema.nullable(),
  recent_orders: z.array(RiderOrderSummarySchema),
});
export type ConsoleRiderDetail = z.infer<typeof ConsoleRiderDetailSchema>;

export const RIDER_VEHICLES = ['motorbike', 'bicycle', 'car'] as const;

/** POST /api/v1/console/riders: the rider's token (for the rider app) is answered once. */
export const ConsoleRiderCreateBodySchema = z.object({
  name: textSchema(100, { min: 1, trim: true }),
  phone: z.string().regex(/^\+?\d{6,15}$/, 'console.error.riders.phone'),
  vehicle: z.enum(RIDER_VEHICLES),
});
export type ConsoleRiderCreateBody = z.infer<typeof ConsoleRiderCreateBodySchema>;

export const ConsoleRiderCreatedSchema = z.object({ rider: ConsoleRiderSchema, token: z.string() });
export type ConsoleRiderCreated = z.infer<typeof ConsoleRiderCreatedSchema>;

/** The Add rider form: the body's rules, with the console's words for each mistake. */
export const ConsoleRiderFormSchema = z.object({
  name: z.string().trim().min(1, 'console.error.riders.name').max(100, 'console.error.riders.name'),
  phone: z
    .string()
    .transform((phone) => phone.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+?\d{6,15}$/, 'console.error.riders.phone')),
  vehicle: z.enum(RIDER_VEHICLES),
});
export type ConsoleRiderForm = z.input<typeof ConsoleRiderFormSchema>;
