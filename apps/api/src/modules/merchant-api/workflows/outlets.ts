import type { ApiOutletBody, ApiOutletDetail } from '@riderdesk/domain/contracts/merchant-api';
import { type OutletBody, OutletBodySchema } from '@riderdesk/domain/contracts/outlets';
import { matchSenderOutlet, OUTLET_NOT_FOUND } from '@riderdesk/domain/merchant-api/sender-outlet';
import type { Db } from '../../../db/db.ts';
import type { FlagService } from '../../flags/service.ts';
import type { VendorRow } from '../../vendors/model.ts';
import type { InvitationLimiter, OutletService } from '../../vendors/outlet-service.ts';
import { MerchantApiError } from '../merchant-api-error.ts';
import * as repo from '../repo.ts';
import { type ApiCaller, scopeNow } from './api-caller.ts';

/** What the merchant API's outlet workflows are given: the portal's outlet service and flags, never a copy. */
export interface MerchantApiOutletDeps {
  db: Db;
  outlets: OutletService['forApiClient'];
  flags: Pick<FlagService, 'isOn'>;
  /** The deployment's currency: the only one an outlet may name. */
  currency: string;
  /** pandago's locale of an outlet: the deployment's default language in its country (en-PK). */
  locale: string;
}

/** pandago: users are removed only from an outlet that exists, and never in the request that adds some. */
export const USERS_ADDED_AND_REMOVED = 'Adding and removing users in the same request is not allowed';
export const USERS_REMOVED_ON_CREATE = 'Users can only be removed while updating an outlet';
export const NOT_A_PARENT = 'This vendor is not a parent';
export const OUTLET_FEATURE_OFF = 'Outlets cannot be added or edited for this vendor';

const invalidPayload = (field: string, problem: string) =>
  new MerchantApiError(400, `Invalid request payload\n - ${field} ${problem}`);

/** Our vendor id of the client's outlet the merchant names by its own id (as GET /outletList lists it), or null. */
async function outletIdOf(deps: MerchantApiOutletDeps, scope: readonly string[], clientVendorId: string) {
  const rows = await repo.senderCandidates(deps.db, scope);
  const match = matchSenderOutlet(
    { clientVendorId },
    rows.map((row) => ({ vendorId: row.vendor_id, clientVendorId: row.client_vendor_id, point: null })),
  );
  return match.ok ? match.vendorId : null;
}

/** A collection point as pandago's Outlet, with its state (a new one waits for its activation). */
function apiOutletOf(row: VendorRow, locale: string): ApiOutletDetail {
  return {
    vendor_id: row.vendor_id,
    client_vendor_id: row.client_vendor_id ?? row.vendor_id,
    name: row.name,
    address: row.address_text ?? '',
    street: row.street ?? '',
    street_number: row.street_number ?? '',
    building: row.building ?? '',
    postal_code: row.postal_code ?? '',
    rider_instructions: row.rider_instructions ?? '',
    latitude: row.latitude,
    longitude: row.longitude,
    city: row.city ?? '',
    phone_number: row.phone ?? '',
    currency: row.currency,
    description: '',
    locale,
    users: row.owners,
    is_active: row.is_active,
    is_pending: row.is_pending,
  };
}

/** The owners after the request: pandago adds and removes, the portal's form holds the whole list. */
function ownersAfter(current: readonly string[], body: ApiOutletBody): string[] {
  const removed = new Set((body.delete_user ?? []).map((email) => email.trim().toLowerCase()));
  return [...current, ...(body.add_user ?? [])].filter((email) => !removed.has(email.trim().toLowerCase()));
}

/**
 * pandago's body as the portal's collection point body, checked by its contract; what pandago leaves out keeps
 * the outlet's current value. A failing field is answered in pandago's name.
 */
function portalOutletBody(
  clientVendorId: string,
  body: ApiOutletBody,
  parentVendorId: string | null,
  current: VendorRow | null,
): OutletBody {
  const raw = {
    parent_vendor_id: parentVendorId,
    client_vendor_id: clientVendorId,
    name: body.name,
    address: body.address,
    latitude: body.latitude,
    longitude: body.longitude,
    rider_instructions: body.rider_instructions ?? current?.rider_instructions ?? null,
    phone_number: body.phone_number,
    city: body.city,
    users: ownersAfter(current?.owners ?? [], body),
    unit: current?.unit ?? null,
    building: body.building ?? current?.building ?? null,
    street: body.street ?? current?.street ?? null,
    postal_code: body.postal_code ?? current?.postal_code ?? null,
    country_code: current?.country_code ?? null,
    street_number: body.street_number ?? current?.street_number ?? null,
  };
  const parsed = OutletBodySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const path = (issue?.path ?? []).map(String);
  const field = path[0] === 'users' ? 'add_user' : path.join('.') || 'body';
  throw invalidPayload(field, 'is invalid');
}

async function assertFlag(deps: MerchantApiOutletDeps, name: 'AddVendorOutlet' | 'EditVendorOutlet', vendorId: string) {
  if (!(await deps.flags.isOn(name, { vendorId }))) throw new MerchantApiError(403, OUTLET_FEATURE_OFF);
}

/** pandago GET /outlets/{client_vendor_id}: an outlet of the client's scope, by the merchant's own id. */
export async function getOutlet(
  deps: MerchantApiOutletDeps,
  caller: ApiCaller,
  clientVendorId: string,
): Promise<ApiOutletDetail> {
  const vendorId = await outletIdOf(deps, await scopeNow(deps.db, caller), clientVendorId);
  const row = vendorId ? await deps.outlets.find(vendorId) : null;
  if (!row) throw new MerchantApiError(404, OUTLET_NOT_FOUND);
  return apiOutletOf(row, deps.locale);
}

/**
 * pandago PUT /outlets/{client_vendor_id} (decision 162): edits the client's outlet of that id, or adds one under
 * the client's brand, through the portal's PUT /outlet/{vendorId} and POST /outlet: the spec §5 collection point
 * rules, the activation a new outlet waits for, owners invited by e-mail within the invitation limits, the flags.
 * A client made for one outlet, or for chosen outlets, edits those and adds none.
 */
export async function putOutlet(
  deps: MerchantApiOutletDeps,
  caller: ApiCaller,
  clientVendorId: string,
  body: ApiOutletBody,
  limitInvitations: InvitationLimiter,
): Promise<ApiOutletDetail> {
  if (body.currency.toUpperCase() !== deps.currency) {
    throw invalidPayload('currency', `is invalid (this service charges in ${deps.currency})`);
  }
  if ((body.add_user?.length ?? 0) > 0 && (body.delete_user?.length ?? 0) > 0) {
    throw new MerchantApiError(400, USERS_ADDED_AND_REMOVED);
  }
  const scope = await scopeNow(deps.db, caller);
  const existing = await outletIdOf(deps, scope, clientVendorId);
  let vendorId: string;
  if (existing) {
    const current = await deps.outlets.find(existing);
    if (!current) throw new MerchantApiError(404, OUTLET_NOT_FOUND);
    await assertFlag(deps, 'EditVendorOutlet', existing);
    const portalBody = portalOutletBody(clientVendorId, body, current.parent_vendor_id, current);
    vendorId = (await deps.outlets.update(existing, portalBody, limitInvitations)).vendor_id;
  } else {
    if ((body.delete_user?.length ?? 0) > 0) throw new MerchantApiError(400, USERS_REMOVED_ON_CREATE);
    if (!(await repo.isParentVendor(deps.db, caller.vendorId))) throw new MerchantApiError(401, NOT_A_PARENT);
    // A client of chosen outlets sees no other outlet of its brand, and makes none.
    if (!scope.includes(caller.vendorId)) throw new MerchantApiError(404, OUTLET_NOT_FOUND);
    await assertFlag(deps, 'AddVendorOutlet', caller.vendorId);
    const portalBody = portalOutletBody(clientVendorId, body, caller.vendorId, null);
    vendorId = (await deps.outlets.create(caller.vendorId, portalBody, limitInvitations)).vendor_id;
  }
  const saved = await deps.outlets.find(vendorId);
  if (!saved) throw new MerchantApiError(404, OUTLET_NOT_FOUND);
  return apiOutletOf(saved, deps.locale);
}
