import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import type { CollectionPointForm } from '../validation/collection-point.ts';
import { TokenSetSchema } from './auth.ts';
import { IdSchema, resultOf, textSchema, tokenSchema, VendorIdSchema } from './common.ts';
import { addressTextSchema, LatitudeSchema, LongitudeSchema, notesSchema } from './geo.ts';

/** spec §3 Vendor: a merchant may give one outlet at most this many owners. */
export const OUTLET_OWNERS_MAX = 20;

/**
 * spec §7 collection point body (POST /outlet and PUT /outlet/{vendorId}). Every field is bounded here; blanks
 * and a missing location pass, so the server answers them with the §5 messages of `validateCollectionPoint`,
 * exactly as the browser shows them.
 */
export const OutletBodySchema = z.object({
  parent_vendor_id: IdSchema.nullable().optional(),
  client_vendor_id: textSchema(64, { trim: true }),
  name: textSchema(120, { trim: true }),
  // spec §5: addresses in at most 255 bytes and notes in 1000, as the vendor address and the order hold them
  // (the rider instructions become the order's pickup notes). A blank address is answered by the §5 rule.
  address: addressTextSchema({ min: 0 }),
  latitude: LatitudeSchema.nullable(),
  longitude: LongitudeSchema.nullable(),
  rider_instructions: notesSchema({ trim: true }).nullable().optional(),
  phone_number: textSchema(32),
  city: textSchema(120, { trim: true }).nullable().optional(),
  users: z.array(textSchema(254, { trim: true })).max(OUTLET_OWNERS_MAX),
  unit: textSchema(64, { trim: true }).nullable().optional(),
  building: textSchema(120, { trim: true }).nullable().optional(),
  street: addressTextSchema({ min: 0 }).nullable().optional(),
  postal_code: textSchema(16, { trim: true }).nullable().optional(),
  country_code: textSchema(2, { trim: true }).nullable().optional(),
  street_number: textSchema(32, { trim: true }).nullable().optional(),
});
export type OutletBody = z.infer<typeof OutletBodySchema>;
export type OutletBodyInput = z.input<typeof OutletBodySchema>;

export const OutletParamsSchema = z.object({ vendorId: VendorIdSchema });

/** The saved outlet; `is_active` is false while a new one waits for its activation (spec §7 "a few minutes"). */
export const OutletAnswerSchema = resultOf(
  z.object({
    vendor_id: z.string(),
    is_active: z.boolean(),
    is_pending: z.boolean(),
    /** Owners told by e-mail: linked accounts and new invitations. */
    invited: z.array(z.string()),
  }),
);
export type OutletAnswer = z.infer<typeof OutletAnswerSchema>;

/** The collection point form the body stands for, so one rule checks both (spec §5). */
export function outletBodyToForm(body: OutletBody, vendorId: string | null = null): CollectionPointForm {
  const hasLocation = body.latitude !== null && body.longitude !== null;
  return {
    parentVendorId: body.parent_vendor_id ?? null,
    clientVendorId: body.client_vendor_id,
    name: body.name,
    unitNo: body.unit ?? null,
    building: body.building ?? null,
    phone: body.phone_number,
    riderInstructions: body.rider_instructions ?? null,
    owners: body.users,
    location: hasLocation
      ? {
          formatted_address: body.address,
          latitude: body.latitude as number,
          longitude: body.longitude as number,
          city: body.city ?? null,
          countryCode: body.country_code ?? null,
          zipcode: body.postal_code ?? null,
          street: body.street ?? null,
          streetNumber: body.street_number ?? null,
        }
      : null,
    isEditMode: vendorId !== null,
    vendorId,
  };
}

/** What an invitation link opens: whom it is for and the outlet it lands on. */
export const InvitationQuerySchema = z.object({ token: tokenSchema(128) });
export const InvitationAnswerSchema = resultOf(
  z.object({
    email: z.string(),
    vendor_id: z.string(),
    outlet_name: z.string(),
    /** The e-mail has an account already: its owner accepts with their own password instead of setting one. */
    has_account: z.boolean(),
  }),
);
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;

/**
 * Accepting an invitation sets the new owner's password (the password rules of spec §5 apply), or, for an e-mail
 * that has an account, is that account's password: the outlet is linked only once its owner accepts.
 */
export const AcceptInvitationBodySchema = z.object({
  token: tokenSchema(128),
  password: textSchema(256, { min: PASSWORD_MIN_LENGTH }),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;
export const AcceptInvitationAnswerSchema = resultOf(TokenSetSchema.extend({ vendor_id: z.string() }));
export type AcceptInvitationAnswer = z.infer<typeof AcceptInvitationAnswerSchema>;

export const OUTLET_ERRORS = {
  duplicateClientId: 'outlet.error.duplicate-client-id',
  notEditable: 'outlet.error.not-editable',
  parentRequired: 'outlet.error.parent-required',
  invitationInvalid: 'outlet.error.invitation-invalid',
  tooManyInvitations: 'outlet.error.too-many-invitations',
  pending: 'outlet.error.pending',
  inactive: 'outlet.error.inactive',
} as const;

/** spec §2: outlets whose id starts with a- or b- are not editable; parents never are (spec §6). */
export function isOutletEditable(vendor: { vendor_id: string; is_parent: boolean }): boolean {
  return !vendor.is_parent && !/^[ab]-/.test(vendor.vendor_id);
}
