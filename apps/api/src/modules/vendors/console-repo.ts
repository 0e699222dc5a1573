import type { ConsoleVendorState } from '@riderdesk/domain/contracts/console-vendors';
import type { Db, SqlParam } from '../../db/db.ts';

/** The console's reads of vendors (issue 36): every merchant's, unscoped, for operators only. */

export interface ConsoleVendorSummaryRow {
  vendor_id: string;
  parent_vendor_id: string | null;
  name: string;
  is_parent: boolean;
  is_active: boolean;
  is_pending: boolean;
  city: string | null;
  registration_type: 'PV' | 'NPV' | null;
  outlet_count: number;
}

// New businesses (NPV) are made by registration without the column set; their id says what they are.
export const REGISTRATION_TYPE_SQL = `coalesce(v.registration_type,
  case when v.vendor_id like 'npv-%' then 'NPV' when v.registration_code is not null then 'PV' end)`;

const SUMMARY = `select v.vendor_id, v.parent_vendor_id, v.name, v.is_parent, v.is_active, v.is_pending, v.city,
  ${REGISTRATION_TYPE_SQL} as registration_type,
  (select count(*)::int from vendors o where o.parent_vendor_id = v.vendor_id) as outlet_count
  from vendors v`;

const STATE_SQL: Record<ConsoleVendorState, string> = {
  pending: 'v.is_pending',
  active: 'v.is_active',
  inactive: 'not v.is_active and not v.is_pending',
};

/** Vendors whose id, name or city holds the text; pending collection points first (they wait for an operator). */
export async function searchVendors(
  db: Db,
  query: { q?: string | undefined; state?: ConsoleVendorState | undefined; limit: number },
): Promise<ConsoleVendorSummaryRow[]> {
  const params: SqlParam[] = [];
  const where = ['not v.is_guest'];
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    where.push(
      `(v.vendor_id ilike $${params.length} or v.name ilike $${params.length} or v.city ilike $${params.length})`,
    );
  }
  if (query.state) where.push(STATE_SQL[query.state]);
  params.push(query.limit);
  return db.query<ConsoleVendorSummaryRow>(
    `${SUMMARY} where ${where.join(' and ')}
     order by v.is_pending desc, v.name, v.vendor_id limit $${params.length}`,
    params,
  );
}

export async function summariesOf(db: Db, vendorIds: readonly string[]): Promise<ConsoleVendorSummaryRow[]> {
  if (vendorIds.length === 0) return [];
  return db.query<ConsoleVendorSummaryRow>(`${SUMMARY} where v.vendor_id = any($1::text[]) order by v.name`, [
    [...vendorIds],
  ]);
}

export async function registrationTypeOf(db: Db, vendorId: string): Promise<'PV' | 'NPV' | null> {
  const [row] = await db.query<{ registration_type: 'PV' | 'NPV' | null }>(
    `select ${REGISTRATION_TYPE_SQL} as registration_type from vendors v where v.vendor_id = $1`,
    [vendorId],
  );
  return row?.registration_type ?? null;
}

export async function setRegistrationType(db: Db, vendorId: string, type: 'PV' | 'NPV' | null): Promise<void> {
  await db.query('update vendors set registration_type = $2 where vendor_id = $1', [vendorId, type]);
}

export async function setPaymentMethods(db: Db, vendorId: string, methods: Record<string, boolean>): Promise<void> {
  await db.query('update vendors set payment_methods = $2::jsonb where vendor_id = $1', [
    vendorId,
    JSON.stringify(methods),
  ]);
}

/** The e-mails of the accounts linked to the vendor. */
export async function userEmailsOf(db: Db, vendorId: string): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `select u.email from user_vendors uv join users u on u.id = uv.user_id where uv.vendor_id = $1 order by u.email`,
    [vendorId],
  );
  return rows.map((row) => row.email);
}

export interface ConsoleOrderRow {
  order_id: string;
  vendor_id: string;
  status: string;
  created_at: Date;
  delivery_fee_minor: number;
  currency: string;
}

/** The newest orders of the vendor and its collection points (a read of the orders table, for operators only). */
export async function recentOrdersOf(db: Db, vendorIds: readonly string[], limit: number): Promise<ConsoleOrderRow[]> {
  return db.query<ConsoleOrderRow>(
    `select order_id, vendor_id, status, created_at, delivery_fee_minor::float8 as delivery_fee_minor, currency
       from orders where vendor_id = any($1::text[]) order by created_at desc, order_id desc limit $2`,
    [[...vendorIds], limit],
  );
}
