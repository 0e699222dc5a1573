import { VendorIdSchema } from '@riderdesk/domain/contracts/common';
import { COUNTRY_PARAMETER_NAMES, type CountryParameterName, type Vendor } from '@riderdesk/domain/contracts/vendors';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { primeSnapshot, snapshotRead } from '../../infra/read-snapshot.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorRow } from './model.ts';
import type { NewVendor } from './repo.ts';
import * as repo from './repo.ts';
import { forbiddenVendor } from './vendor-access.ts';

export type VendorService = ReturnType<typeof vendorService>;

export function vendorService(db: Db) {
  /** The vendors a user may act for; every vendor-owned query is scoped by this list. */
  function callerVendorIds(userId: string): Promise<string[]> {
    return repo.vendorIdsOfUser(db, userId);
  }

  // A caller's snapshot key, made once per caller object (a bulk file's rows ask with the same one).
  const callerKeys = new WeakMap<Caller, string>();
  const callerKeyOf = (caller: Caller) => {
    let key = callerKeys.get(caller);
    if (key === undefined) {
      key = JSON.stringify(caller);
      callerKeys.set(caller, key);
    }
    return key;
  };

  function vendorIdsForCaller(caller: Caller): Promise<string[]> {
    return snapshotRead(`vendor-ids:${callerKeyOf(caller)}`, () =>
      caller.kind === 'user' ? callerVendorIds(caller.userId) : repo.vendorIdsUnder(db, caller.vendorId),
    );
  }

  return {
    callerVendorIds,

    /**
     * Registration's vendor steps (spec §5 register), run inside the registration's transaction: `tx` is
     * its handle, so they never queue behind it on PGlite's one connection.
     */
    registration: {
      findByCode: (tx: Db, code: string): Promise<VendorRow | null> => repo.findVendorByRegistrationCode(tx, code),
      isLinked: (tx: Db, vendorId: string): Promise<boolean> => repo.isVendorLinked(tx, vendorId),
      createBusiness: (tx: Db, vendor: NewVendor): Promise<boolean> => repo.insertVendor(tx, vendor),
      linkUser: (tx: Db, userId: string, vendorId: string): Promise<void> =>
        repo.linkUserToVendor(tx, userId, vendorId),
      /** A new business without a pickup point takes the one its owner used as a guest. */
      setMissingPickup: (tx: Db, vendorId: string, address: repo.VendorAddress): Promise<boolean> =>
        repo.setMissingVendorAddress(tx, vendorId, address),
    },
    vendorIdsForCaller,

    async listForCaller(caller: Caller): Promise<Vendor[]> {
      const ids = await vendorIdsForCaller(caller);
      if (ids.length === 0) return [];
      return (await repo.listVendors(db, ids)).map(repo.toVendor);
    },

    /**
     * The vendor a call acts for, once it is known to be one of the caller's. An unknown vendor answers
     * the same 403 as another merchant's, so ids cannot be probed.
     */
    async vendorOfCaller(caller: Caller, vendorId: string): Promise<VendorRow> {
      // The order routes pass the body's vendor id before its schema is checked (the spec §5 chain answers
      // first): what is no id at all (a NUL, 10 000 characters) is nobody's vendor, and never reaches the SQL.
      if (!VendorIdSchema.safeParse(vendorId).success) throw forbiddenVendor();
      const scope = caller.kind === 'user' ? { userId: caller.userId } : { underVendorId: caller.vendorId };
      const found = await snapshotRead(`vendor-of-caller:${callerKeyOf(caller)}:${vendorId}`, () =>
        repo.findVendorInScope(db, scope, vendorId),
      );
      if (!found) throw forbiddenVendor();
      // The parameters come with the vendor (decision 100): the rest of the unit of work reads them from here.
      for (const name of COUNTRY_PARAMETER_NAMES) {
        primeSnapshot(`country-parameter:${name}`, found.countryParameters[name] ?? null);
      }
      return found.vendor;
    },

    /**
     * vendorOfCaller's check alone, in one query, for a call that needs no more of the vendor than that it is
     * the caller's (the history list and its export): the same 403 for another merchant's or an unknown vendor.
     */
    async assertCallerVendor(caller: Caller, vendorId: string): Promise<void> {
      const allowed = await snapshotRead(`vendor-access:${JSON.stringify(caller)}:${vendorId}`, () =>
        caller.kind === 'user'
          ? repo.isVendorOfUser(db, caller.userId, vendorId)
          : repo.isVendorUnder(db, caller.vendorId, vendorId),
      );
      if (!allowed) throw forbiddenVendor();
    },

    /** An unknown vendor answers the same 403 as another merchant's, so ids cannot be probed. */
    async getForCaller(caller: Caller, vendorId: string): Promise<Vendor> {
      const ids = await vendorIdsForCaller(caller);
      const row = ids.includes(vendorId) ? await repo.findVendor(db, vendorId) : null;
      if (!row) throw forbiddenVendor();
      return repo.toVendor(row);
    },

    /**
     * How a vendor's orders are handed over (the handover PIN, decision 175): set from Settings → Customer messages,
     * for a vendor whose access the caller's module checked.
     */
    setDeliveryOptions: (vendorId: string, options: repo.DeliveryOptions): Promise<void> =>
      repo.setDeliveryOptions(db, vendorId, options),

    /** A vendor's name, for a message about a vendor whose access was checked before; null when it is gone. */
    async nameOf(vendorId: string): Promise<string | null> {
      return (await repo.findVendor(db, vendorId))?.name ?? null;
    },

    /** A country parameter (spec §3), null when it is not set. */
    findCountryParameter: (name: CountryParameterName): Promise<string | null> =>
      snapshotRead(`country-parameter:${name}`, () => repo.getCountryParameter(db, name)),

    async countryParameter(name: CountryParameterName): Promise<string> {
      const value = await repo.getCountryParameter(db, name);
      if (value === null) throw new AppError(404, 'NotFound', `country parameter ${name} is not set`);
      return value;
    },
  };
}
