import type { CountryParameterName, Vendor } from '@riderdesk/domain/contracts/vendors';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './repo.ts';
import { forbiddenVendor } from './vendor-access.ts';

export type VendorService = ReturnType<typeof vendorService>;

export function vendorService(db: Db) {
  /** The vendors a user may act for; every vendor-owned query is scoped by this list. */
  function callerVendorIds(userId: string): Promise<string[]> {
    return repo.vendorIdsOfUser(db, userId);
  }

  function vendorIdsForCaller(caller: Caller): Promise<string[]> {
    return caller.kind === 'user' ? callerVendorIds(caller.userId) : repo.vendorIdsUnder(db, caller.vendorId);
  }

  return {
    callerVendorIds,
    vendorIdsForCaller,

    async listForCaller(caller: Caller): Promise<Vendor[]> {
      const ids = await vendorIdsForCaller(caller);
      if (ids.length === 0) return [];
      return (await repo.listVendors(db, ids)).map(repo.toVendor);
    },

    /** An unknown vendor answers the same 403 as another merchant's, so ids cannot be probed. */
    async getForCaller(caller: Caller, vendorId: string): Promise<Vendor> {
      const ids = await vendorIdsForCaller(caller);
      const row = ids.includes(vendorId) ? await repo.findVendor(db, vendorId) : null;
      if (!row) throw forbiddenVendor();
      return repo.toVendor(row);
    },

    async countryParameter(name: CountryParameterName): Promise<string> {
      const value = await repo.getCountryParameter(db, name);
      if (value === null) throw new AppError(404, 'NotFound', `country parameter ${name} is not set`);
      return value;
    },
  };
}
