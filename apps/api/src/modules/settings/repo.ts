import type { Db } from '../../db/db.ts';
import type { PartnerTokenRow } from '../auth/repo.ts';
import type { FlagScope } from '../flags/repo.ts';

/** Reads the Platform settings page needs beside the flags' and the partner tokens' own repos. */

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

export async function findPartnerToken(db: Db, id: string): Promise<PartnerTokenRow | null> {
  const [row] = await db.query<PartnerTokenRow>(
    `select id::text as id, vendor_id, label, created_at, expires_at, revoked_at from partner_tokens where id = $1`,
    [id],
  );
  return row ?? null;
}
