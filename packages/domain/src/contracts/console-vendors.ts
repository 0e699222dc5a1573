import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.ts';
import { EmailSchema, REGISTRATION_TYPES } from './auth.ts';
import { queryNumberSchema, textSchema, VendorIdSchema } from './common.ts';
import { FLAG_NAMES } from './flags.ts';
import { DeliveryAreaSchema } from './vendors.ts';

/** The console's Vendors and outlets page (issue 36): roles admin and operations change, support reads. */

export const CONSOLE_VENDOR_STATES = ['pending', 'active', 'inactive'] as const;
export type ConsoleVendorState = (typeof CONSOLE_VENDOR_STATES)[number];

export const CONSOLE_VENDOR_PAGE_SIZE = 50;

/** GET /api/v1/console/vendors: a name, id or city; a state; parents and outlets alike. */
export const ConsoleVendorSearchQuerySchema = z.object({
  q: textSchema(100, { trim: true }).optional(),
  state: z.enum(CONSOLE_VENDOR_STATES).optional(),
  limit: queryNumberSchema(z.number().int().min(1).max(200)).optional(),
});
export type ConsoleVendorSearchQuery = z.infer<typeof ConsoleVendorSearchQuerySchema>;

export const ConsoleVendorSummarySchema = z.object({
  vendor_id: z.string(),
  parent_vendor_id: z.string().nullable(),
  name: z.string(),
  is_parent: z.boolean(),
  state: z.enum(CONSOLE_VENDOR_STATES),
  city: z.string().nullable(),
  registration_type: z.enum(REGISTRATION_TYPES).nullable(),
  outlet_count: z.number().int(),
});
export type ConsoleVendorSummary = z.infer<typeof ConsoleVendorSummarySchema>;

export const ConsoleVendorListSchema = z.object({ vendors: z.array(ConsoleVendorSummarySchema) });
export type ConsoleVendorList = z.infer<typeof ConsoleVendorListSchema>;

export const ConsoleVendorParamsSchema = z.object({ vendorId: VendorIdSchema });

export const ConsoleOutletSchema = ConsoleVendorSummarySchema.extend({
  address_text: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  delivery_area: DeliveryAreaSchema.nullable(),
});
export type ConsoleOutlet = z.infer<typeof ConsoleOutletSchema>;

export const ConsoleVendorUserSchema = z.object({ email: z.string(), has_account: z.boolean() });

export const ConsoleVendorOrderSchema = z.object({
  order_id: z.string(),
  vendor_id: z.string(),
  status: z.string(),
  created_at: z.iso.datetime(),
  delivery_fee: z.number(),
});
export type ConsoleVendorOrder = z.infer<typeof ConsoleVendorOrderSchema>;

/** A vendor with what an operator decides on: its outlets, users, recent orders, payment methods and flags. */
export const ConsoleVendorSchema = ConsoleOutletSchema.extend({
  currency: z.string(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
  registration_code: z.string().nullable(),
  is_registered: z.boolean(),
  payment_methods: z.record(z.string(), z.boolean()),
  /** The vendor's own flag values; a flag not named follows the country's and the deployment's. */
  flags: z.record(z.string(), z.boolean()),
  outlets: z.array(ConsoleOutletSchema),
  users: z.array(ConsoleVendorUserSchema),
  recent_orders: z.array(ConsoleVendorOrderSchema),
});
export type ConsoleVendor = z.infer<typeof ConsoleVendorSchema>;

/** A polygon an operator drew: 3 to 200 corners in GeoJSON order ([longitude, latitude]). */
export const ConsoleDeliveryAreaSchema = z.object({
  type: z.literal('polygon'),
  coordinates: z
    .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
    .min(3)
    .max(200),
});

/** POST /api/v1/console/outlets/{vendorId}/approve: active from now on, with this delivery area. */
export const ConsoleOutletApproveBodySchema = z.object({ delivery_area: ConsoleDeliveryAreaSchema });
export type ConsoleOutletApproveBody = z.infer<typeof ConsoleOutletApproveBodySchema>;

/** PUT /api/v1/console/outlets/{vendorId}/active */
export const ConsoleOutletActiveBodySchema = z.object({ is_active: z.boolean() });
export type ConsoleOutletActiveBody = z.infer<typeof ConsoleOutletActiveBodySchema>;

/** PUT /api/v1/console/vendors/{vendorId}/settings: the whole of each part given; a flag of null follows the wider value. */
export const ConsoleVendorSettingsBodySchema = z.object({
  payment_methods: z.partialRecord(z.enum(PAYMENT_METHODS), z.boolean()).optional(),
  flags: z.partialRecord(z.enum(FLAG_NAMES as [string, ...string[]]), z.boolean().nullable()).optional(),
  registration_type: z.enum(REGISTRATION_TYPES).nullable().optional(),
});
export type ConsoleVendorSettingsBody = z.infer<typeof ConsoleVendorSettingsBodySchema>;

/** POST /api/v1/console/vendors/{vendorId}/registration-code: a new code for registering with it (spec §5 PV). */
export const ConsoleVendorCodeBodySchema = z.object({ contact_email: EmailSchema.optional() });
export type ConsoleVendorCodeBody = z.infer<typeof ConsoleVendorCodeBodySchema>;

export const ConsoleVendorCodeSchema = z.object({ registration_code: z.string(), contact_email: z.string() });
export type ConsoleVendorCode = z.infer<typeof ConsoleVendorCodeSchema>;
