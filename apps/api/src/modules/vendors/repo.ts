import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { DeliveryArea } from '@riderdesk/domain/delivery-area';
import { z } from 'zod';
import type { Db, SqlParam } from '../../db/db.ts';
import type { VendorRow } from './model.ts';

export type { VendorRow } from './model.ts';

export interface NewVendor {
  vendor_id: string;
  name: string;
  parent_vendor_id?: string | null;
  client_vendor_id?: string | null;
  is_parent?: boolean;
  is_active?: boolean;
  is_pending?: boolean;
  is_guest?: boolean;
  registration_code?: string | null;
  contact_email?: string | null;
  vat_number?: string | null;
  currency: string;
  country_code: string;
  phone?: string | null;
  owners?: string[];
  address_text?: string | null;
  building?: string | null;
  city?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  postal_code?: string | null;
  street?: string | null;
  street_number?: string | null;
  unit?: string | null;
  rider_instructions?: string | null;
  payment_methods?: Record<string, boolean>;
  estimation_pick_up_time?: number | null;
  login_pickup_estimation?: number | null;
  delivery_area?: DeliveryArea | null;
}

// The column is jsonb written by operators and seeds: what does not read as an area counts as none (the
// default radius), as the domain treats an unknown area.
const DeliveryAreaSchema: z.ZodType<DeliveryArea> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('radius'), radius_km: z.number() }),
  z.object({ type: z.literal('polygon'), coordinates: z.array(z.tuple([z.number(), z.number()])) }),
]);

function toVendorRow(row: VendorRow): VendorRow {
  const area = DeliveryAreaSchema.safeParse(row.delivery_area);
  return { ...row, delivery_area: area.success ? area.data : null };
}

async function selectVendors(db: Db, sql: string, params: readonly SqlParam[] = []): Promise<VendorRow[]> {
  return (await db.query<VendorRow>(sql, params)).map(toVendorRow);
}

const SELECT_VENDOR = `
  select v.*, exists (select 1 from user_vendors uv where uv.vendor_id = v.vendor_id) as is_registered
    from vendors v`;

// Outlets sort right after their parent.
const ORDER_VENDORS = 'order by coalesce(v.parent_vendor_id, v.vendor_id), v.is_parent desc, v.name, v.vendor_id';

export function toVendor(row: VendorRow): Vendor {
  return {
    vendor_id: row.vendor_id,
    parent_vendor_id: row.parent_vendor_id,
    client_vendor_id: row.client_vendor_id,
    name: row.name,
    is_parent: row.is_parent,
    is_active: row.is_active,
    is_registered: row.is_registered,
    is_pending: row.is_pending,
    vendor_information: {
      name: row.name,
      currency: row.currency,
      owners: row.owners,
      contact: { phone: row.phone },
      location: {
        address_text: row.address_text,
        building: row.building,
        city: row.city,
        country_code: row.country_code,
        latitude: row.latitude,
        longitude: row.longitude,
        postal_code: row.postal_code,
        street: row.street,
        street_number: row.street_number,
        unit: row.unit,
        rider_instructions: row.rider_instructions,
      },
    },
    flags: { payment_methods: row.payment_methods },
    estimation_pick_up_time: row.estimation_pick_up_time,
    login_pickup_estimation: row.login_pickup_estimation,
    delivery_area:
      row.delivery_area?.type === 'polygon'
        ? { type: 'polygon', coordinates: row.delivery_area.coordinates.map(([lng, lat]) => [lng, lat]) }
        : row.delivery_area,
  };
}

export async function findVendor(db: Db, vendorId: string): Promise<VendorRow | null> {
  const [row] = await selectVendors(db, `${SELECT_VENDOR} where v.vendor_id = $1`, [vendorId]);
  return row ?? null;
}

export async function findVendorByRegistrationCode(db: Db, code: string): Promise<VendorRow | null> {
  // Row lock: two registrations with the same code must not both link the outlet.
  const [row] = await selectVendors(
    db,
    `select v.*, false as is_registered from vendors v where upper(v.registration_code) = upper($1) for update`,
    [code],
  );
  return row ?? null;
}

export async function listVendors(db: Db, vendorIds?: readonly string[]): Promise<VendorRow[]> {
  if (vendorIds) {
    return selectVendors(db, `${SELECT_VENDOR} where v.vendor_id = any($1::text[]) ${ORDER_VENDORS}`, [vendorIds]);
  }
  return selectVendors(db, `${SELECT_VENDOR} ${ORDER_VENDORS}`);
}

// Named, not `v.*`, so the statement stays prepared across a migration that adds a column (decision 100).
const VENDOR_COLUMNS = [
  'vendor_id',
  'parent_vendor_id',
  'client_vendor_id',
  'name',
  'is_parent',
  'is_active',
  'is_pending',
  'is_guest',
  'registration_code',
  'contact_email',
  'vat_number',
  'currency',
  'phone',
  'owners',
  'address_text',
  'building',
  'city',
  'country_code',
  'latitude',
  'longitude',
  'postal_code',
  'street',
  'street_number',
  'unit',
  'rider_instructions',
  'payment_methods',
  'estimation_pick_up_time',
  'login_pickup_estimation',
  'delivery_area',
  'handover_pin_required',
  'cash_confirmation_minutes',
] as const satisfies readonly Exclude<keyof VendorRow, 'is_registered'>[];
// Every column of a VendorRow is listed: a column added to the row and not here fails to compile.
const listsEveryColumn: [Exclude<keyof VendorRow, 'is_registered' | (typeof VENDOR_COLUMNS)[number]>] extends [never]
  ? true
  : never = true;
void listsEveryColumn;

/** Whose vendors a call may use: a user's (vendorIdsOfUser) or those under one vendor (vendorIdsUnder). */
export type VendorScope = { userId: string } | { underVendorId: string };

/**
 * One of the scope's vendors (as vendorIdsOfUser or vendorIdsUnder would list it) with every country
 * parameter, in one statement: the reads a request acting for a vendor starts with (decision 100).
 */
export async function findVendorInScope(
  db: Db,
  scope: VendorScope,
  vendorId: string,
): Promise<{ vendor: VendorRow; countryParameters: Record<string, string> } | null> {
  const isInScope =
    'userId' in scope
      ? `exists (select 1 from user_vendors uv where uv.user_id = $2 and uv.vendor_id in (v.vendor_id, v.parent_vendor_id))`
      : '(v.vendor_id = $2 or v.parent_vendor_id = $2)';
  const [row] = await db.query<VendorRow & { country_parameters: Record<string, string> }>(
    `select ${VENDOR_COLUMNS.map((column) => `v.${column}`).join(', ')},
            exists (select 1 from user_vendors uv where uv.vendor_id = v.vendor_id) as is_registered,
            (select coalesce(jsonb_object_agg(name, value), '{}'::jsonb) from country_parameters) as country_parameters
       from vendors v
      where v.vendor_id = $1 and ${isInScope}`,
    [vendorId, 'userId' in scope ? scope.userId : scope.underVendorId],
    { prepare: true },
  );
  if (!row) return null;
  const { country_parameters: countryParameters, ...vendor } = row;
  return { vendor: toVendorRow(vendor), countryParameters };
}

/** A user's linked vendors plus the outlets of every linked parent. */
export async function vendorIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    `select v.vendor_id from vendors v
      where v.vendor_id in (select vendor_id from user_vendors where user_id = $1)
         or v.parent_vendor_id in (select vendor_id from user_vendors where user_id = $1)`,
    [userId],
  );
  return rows.map((row) => row.vendor_id);
}

/** Whether the vendor is one of vendorIdsOfUser's, in one indexed look-up. */
export async function isVendorOfUser(db: Db, userId: string, vendorId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from vendors v
      where v.vendor_id = $2
        and exists (select 1 from user_vendors uv
                     where uv.user_id = $1 and uv.vendor_id in (v.vendor_id, v.parent_vendor_id))`,
    [userId, vendorId],
    { prepare: true },
  );
  return rows.length > 0;
}

/** Whether the vendor is one of vendorIdsUnder's. */
export async function isVendorUnder(db: Db, parentId: string, vendorId: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from vendors where vendor_id = $2 and (vendor_id = $1 or parent_vendor_id = $1)',
    [parentId, vendorId],
    { prepare: true },
  );
  return rows.length > 0;
}

export async function vendorIdsUnder(db: Db, vendorId: string): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    'select vendor_id from vendors where vendor_id = $1 or parent_vendor_id = $1',
    [vendorId],
  );
  return rows.map((row) => row.vendor_id);
}

export async function hasVendors(db: Db): Promise<boolean> {
  const rows = await db.query('select 1 from vendors limit 1');
  return rows.length > 0;
}

export async function isVendorLinked(db: Db, vendorId: string): Promise<boolean> {
  const rows = await db.query('select 1 from user_vendors where vendor_id = $1', [vendorId]);
  return rows.length > 0;
}

/** How the vendor's orders are handed over (decision 175), as Settings → Customer messages sets it. */
export async function setDeliveryOptions(db: Db, vendorId: string, options: DeliveryOptions): Promise<void> {
  await db.query('update vendors set handover_pin_required = $2, cash_confirmation_minutes = $3 where vendor_id = $1', [
    vendorId,
    options.handoverPinRequired,
    options.cashConfirmationMinutes,
  ]);
}

/** How a vendor's orders are handed over: a PIN at the door (decision 175), a cash order confirmed first (177). */
export interface DeliveryOptions {
  handoverPinRequired: boolean;
  cashConfirmationMinutes: number | null;
}

export async function insertVendor(db: Db, vendor: NewVendor): Promise<boolean> {
  const rows = await db.query(
    `insert into vendors (vendor_id, parent_vendor_id, client_vendor_id, name, is_parent, is_active,
       registration_code, contact_email, vat_number, currency, country_code, phone, owners, address_text,
       building, city, latitude, longitude, postal_code, street, street_number, unit, rider_instructions,
       payment_methods, estimation_pick_up_time, login_pickup_estimation, delivery_area, is_pending, is_guest)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::text[], $14, $15, $16, $17, $18, $19, $20,
       $21, $22, $23, $24::jsonb, $25, $26, $27::jsonb, $28, $29)
     on conflict (vendor_id) do nothing
     returning vendor_id`,
    [
      vendor.vendor_id,
      vendor.parent_vendor_id ?? null,
      vendor.client_vendor_id ?? null,
      vendor.name,
      vendor.is_parent ?? false,
      vendor.is_active ?? true,
      vendor.registration_code ?? null,
      vendor.contact_email?.toLowerCase() ?? null,
      vendor.vat_number ?? null,
      vendor.currency,
      vendor.country_code,
      vendor.phone ?? null,
      vendor.owners ?? [],
      vendor.address_text ?? null,
      vendor.building ?? null,
      vendor.city ?? null,
      vendor.latitude ?? null,
      vendor.longitude ?? null,
      vendor.postal_code ?? null,
      vendor.street ?? null,
      vendor.street_number ?? null,
      vendor.unit ?? null,
      vendor.rider_instructions ?? null,
      JSON.stringify(vendor.payment_methods ?? {}),
      vendor.estimation_pick_up_time ?? null,
      vendor.login_pickup_estimation ?? null,
      vendor.delivery_area ? JSON.stringify(vendor.delivery_area) : null,
      vendor.is_pending ?? false,
      vendor.is_guest ?? false,
    ],
  );
  return rows.length > 0;
}

export async function setRegistration(
  db: Db,
  vendorId: string,
  registration: { code: string; contactEmail: string },
): Promise<void> {
  await db.query('update vendors set registration_code = $2, contact_email = $3 where vendor_id = $1', [
    vendorId,
    registration.code,
    registration.contactEmail.toLowerCase(),
  ]);
}

export async function linkUserToVendor(db: Db, userId: string, vendorId: string): Promise<void> {
  await db.query('insert into user_vendors (user_id, vendor_id) values ($1, $2) on conflict do nothing', [
    userId,
    vendorId,
  ]);
}

/** Draws an area over a radius (or no) area; a polygon drawn by an operator is kept. */
export async function drawDeliveryArea(db: Db, vendorId: string, area: DeliveryArea): Promise<void> {
  await db.query(
    `update vendors set delivery_area = $2::jsonb
      where vendor_id = $1 and (delivery_area is null or delivery_area->>'type' = 'radius')`,
    [vendorId, JSON.stringify(area)],
  );
}

export interface VendorAddress {
  address_text: string;
  unit: string | null;
  building: string | null;
  city: string | null;
  country_code: string;
  latitude: number;
  longitude: number;
  postal_code: string | null;
  street: string | null;
  rider_instructions: string | null;
}

/** The columns of a vendor's pickup point, as $2…$11 after the vendor id ($1) of addressParams. */
const SET_ADDRESS = `update vendors set address_text = $2, unit = $3, building = $4, city = $5, country_code = $6,
       latitude = $7, longitude = $8, postal_code = $9, street = $10, rider_instructions = $11`;

const addressParams = (vendorId: string, address: VendorAddress) => [
  vendorId,
  address.address_text,
  address.unit,
  address.building,
  address.city,
  address.country_code,
  address.latitude,
  address.longitude,
  address.postal_code,
  address.street,
  address.rider_instructions,
];

export async function updateVendorAddress(db: Db, vendorId: string, address: VendorAddress): Promise<void> {
  await db.query(
    `${SET_ADDRESS}
     where vendor_id = $1`,
    addressParams(vendorId, address),
  );
}

/** Sets the pickup point of a vendor that has none yet; a saved one is kept. Whether it was set. */
export async function setMissingVendorAddress(db: Db, vendorId: string, address: VendorAddress): Promise<boolean> {
  const rows = await db.query<{ vendor_id: string }>(
    `${SET_ADDRESS}
     where vendor_id = $1 and latitude is null
     returning vendor_id`,
    addressParams(vendorId, address),
  );
  return rows.length > 0;
}

export async function getCountryParameter(db: Db, name: string): Promise<string | null> {
  const [row] = await db.query<{ value: string }>('select value from country_parameters where name = $1', [name]);
  return row?.value ?? null;
}

export async function setCountryParameter(db: Db, name: string, value: string): Promise<void> {
  await db.query(
    `insert into country_parameters (name, value) values ($1, $2)
     on conflict (name) do update set value = excluded.value`,
    [name, value],
  );
}

/** The caller's outlet ids under one parent whose own id for the outlet is `clientVendorId` (any case). */
export async function findOutletByClientId(
  db: Db,
  parentVendorId: string,
  clientVendorId: string,
): Promise<string | null> {
  const [row] = await db.query<{ vendor_id: string }>(
    `select vendor_id from vendors where parent_vendor_id = $1 and lower(client_vendor_id) = lower($2)`,
    [parentVendorId, clientVendorId],
  );
  return row?.vendor_id ?? null;
}

/** The collection point fields a merchant edits (spec §7 collection point body). */
export interface OutletFields extends VendorAddress {
  client_vendor_id: string;
  name: string;
  phone: string;
  owners: string[];
  street_number: string | null;
}

export async function updateOutlet(db: Db, vendorId: string, fields: OutletFields): Promise<void> {
  await db.query(
    `update vendors set client_vendor_id = $2, name = $3, phone = $4, owners = $5::text[], address_text = $6,
       unit = $7, building = $8, city = $9, country_code = $10, latitude = $11, longitude = $12, postal_code = $13,
       street = $14, street_number = $15, rider_instructions = $16
     where vendor_id = $1`,
    [
      vendorId,
      fields.client_vendor_id,
      fields.name,
      fields.phone,
      fields.owners,
      fields.address_text,
      fields.unit,
      fields.building,
      fields.city,
      fields.country_code,
      fields.latitude,
      fields.longitude,
      fields.postal_code,
      fields.street,
      fields.street_number,
      fields.rider_instructions,
    ],
  );
}

/** Fills what the geocoder knows and the merchant left blank; the merchant's own text is kept. */
export async function fillGeocodedFields(
  db: Db,
  vendorId: string,
  place: { city: string | null; postal_code: string | null; street: string | null; country_code: string | null },
): Promise<void> {
  await db.query(
    `update vendors set city = coalesce(city, $2), postal_code = coalesce(postal_code, $3),
       street = coalesce(street, $4), country_code = coalesce($5, country_code)
     where vendor_id = $1`,
    [vendorId, place.city, place.postal_code, place.street, place.country_code],
  );
}

/** Pending → active; false when the outlet was no longer pending (activated or deactivated meanwhile). */
export async function activatePendingOutlet(db: Db, vendorId: string): Promise<boolean> {
  const rows = await db.query(
    'update vendors set is_active = true, is_pending = false where vendor_id = $1 and is_pending returning vendor_id',
    [vendorId],
  );
  return rows.length > 0;
}

/** An operator's decision: active or not, and no longer pending either way. */
export async function setOutletActive(db: Db, vendorId: string, isActive: boolean): Promise<boolean> {
  const rows = await db.query(
    `update vendors set is_active = $2, is_pending = false
      where vendor_id = $1 and parent_vendor_id is not null returning vendor_id`,
    [vendorId, isActive],
  );
  return rows.length > 0;
}

export async function unlinkUserFromVendor(db: Db, userId: string, vendorId: string): Promise<void> {
  await db.query('delete from user_vendors where user_id = $1 and vendor_id = $2', [userId, vendorId]);
}

export interface OutletInvitationRow {
  token_hash: string;
  email: string;
  vendor_id: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertOutletInvitation(
  db: Db,
  invitation: { tokenHash: string; email: string; vendorId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `insert into outlet_invitations (token_hash, email, vendor_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [invitation.tokenHash, invitation.email.toLowerCase(), invitation.vendorId, invitation.now, invitation.expiresAt],
  );
}

/** An unused, unexpired invitation; locked so two accepts of one link cannot both succeed. */
export async function findLiveOutletInvitation(
  db: Db,
  tokenHash: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<OutletInvitationRow | null> {
  const [row] = await db.query<OutletInvitationRow>(
    `select token_hash, email, vendor_id, expires_at, used_at from outlet_invitations
      where token_hash = $1 and used_at is null and expires_at > $2 ${options.lock ? 'for update' : ''}`,
    [tokenHash, now],
  );
  return row ?? null;
}

/** Uses every open invitation of the e-mail at once: the new account gets all the outlets it was invited to. */
export async function useOutletInvitations(db: Db, email: string, now: Date): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    `update outlet_invitations set used_at = $2
      where email = $1 and used_at is null and expires_at > $2 returning vendor_id`,
    [email.toLowerCase(), now],
  );
  return [...new Set(rows.map((row) => row.vendor_id))];
}

/** A removed owner's invitation stops working at once. */
export async function withdrawOutletInvitations(db: Db, vendorId: string, email: string): Promise<void> {
  await db.query('delete from outlet_invitations where vendor_id = $1 and email = $2 and used_at is null', [
    vendorId,
    email.toLowerCase(),
  ]);
}
