import type { Db } from '../../db/db.ts';

export type FlagScope = { countryCode: string } | { vendorId: string };

/** The `feature_flags` table: the operator's deployment-wide overrides of the built-in flag defaults. */
export async function findFlags(db: Db): Promise<{ name: string; value: boolean }[]> {
  return db.query<{ name: string; value: boolean }>('select name, value from feature_flags');
}

export async function setFlag(db: Db, name: string, value: boolean): Promise<void> {
  await db.query(
    `insert into feature_flags (name, value) values ($1, $2)
     on conflict (name) do update set value = excluded.value`,
    [name, value],
  );
}

export interface FlagOverrideRow {
  name: string;
  value: boolean;
  /** 0: the country's, 1: the parent vendor's, 2: the vendor's own; a higher rank wins. */
  rank: number;
}

/**
 * The overrides that apply to a country and, when given, a vendor: its parent's first, then its own, so a
 * collection point follows its parent unless it has a value of its own.
 */
export async function findOverrides(db: Db, countryCode: string, vendorId: string | null): Promise<FlagOverrideRow[]> {
  return db.query<FlagOverrideRow>(
    `select o.name, o.value,
            case when o.vendor_id = '' then 0 when o.vendor_id = $2 then 2 else 1 end as rank
       from feature_flag_overrides o
      where (o.vendor_id = '' and o.country_code = $1)
         or ($2::text is not null and (
              o.vendor_id = $2
              or o.vendor_id = (select v.parent_vendor_id from vendors v where v.vendor_id = $2)))
      order by rank`,
    [countryCode, vendorId],
  );
}

export async function setOverride(db: Db, name: string, scope: FlagScope, value: boolean | null): Promise<void> {
  const countryCode = 'countryCode' in scope ? scope.countryCode : '';
  const vendorId = 'vendorId' in scope ? scope.vendorId : '';
  if (value === null) {
    await db.query('delete from feature_flag_overrides where name = $1 and country_code = $2 and vendor_id = $3', [
      name,
      countryCode,
      vendorId,
    ]);
    return;
  }
  await db.query(
    `insert into feature_flag_overrides (name, country_code, vendor_id, value) values ($1, $2, $3, $4)
     on conflict (name, country_code, vendor_id) do update set value = excluded.value`,
    [name, countryCode, vendorId, value],
  );
}

export interface OverrideRow {
  name: string;
  value: boolean;
  country_code: string;
  vendor_id: string;
}

export function listOverrides(db: Db): Promise<OverrideRow[]> {
  return db.query<OverrideRow>(
    'select name, value, country_code, vendor_id from feature_flag_overrides order by name, country_code, vendor_id',
  );
}

export async function findOverride(db: Db, name: string, scope: FlagScope): Promise<boolean | null> {
  const countryCode = 'countryCode' in scope ? scope.countryCode : '';
  const vendorId = 'vendorId' in scope ? scope.vendorId : '';
  const [row] = await db.query<{ value: boolean }>(
    'select value from feature_flag_overrides where name = $1 and country_code = $2 and vendor_id = $3',
    [name, countryCode, vendorId],
  );
  return row?.value ?? null;
}
