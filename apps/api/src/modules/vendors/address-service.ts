import type { VendorAddressBody } from '@riderdesk/domain/contracts/geo';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { validateAddress } from '@riderdesk/domain/validation/address';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { type AppError, keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './repo.ts';
import type { VendorService } from './service.ts';

export type VendorAddressService = ReturnType<typeof vendorAddressService>;

// spec §7 PUT /vendor/{id}/address: the browser shows meta.translation_key, else this text.
export const ADDRESS_UPDATE_FAILED = 'We were unable to update the address.';

const failed = (key: string, field?: string) => keyedError(400, 'AddressInvalid', key, field);
const blankToNull = (value: string | null) => (value?.trim() ? value.trim() : null);

/** A schema failure of the address body as the spec §5 address text the browser shows. */
export function addressSchemaError(issues: readonly FastifySchemaValidationError[]): AppError {
  const [issue] = issues;
  const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
  if (issue?.message === 'Address is too long' || issue?.message === 'Notes are too long') {
    return failed(issue.message, field);
  }
  if (field === 'latitude' || field === 'longitude') return failed('No coordinates for that address', 'coordinates');
  return failed(ADDRESS_UPDATE_FAILED, field);
}

export function vendorAddressService({ db, config, vendors }: { db: Db; config: AppConfig; vendors: VendorService }) {
  return {
    async authorise(caller: Caller, vendorId: string): Promise<void> {
      await vendors.vendorOfCaller(caller, vendorId);
    },

    /** spec §4 ASK_FOR_ORIGIN_ADDRESS: the pickup point of a vendor, saved once and used by every order. */
    async save(caller: Caller, vendorId: string, body: VendorAddressBody): Promise<Vendor> {
      await vendors.vendorOfCaller(caller, vendorId);
      const errors = validateAddress({
        latitude: body.latitude,
        longitude: body.longitude,
        street: body.street_address ?? body.address_text,
        notes: body.notes,
      });
      const problem = errors.coordinates ?? errors.street ?? errors.notes;
      if (problem)
        throw failed(problem, errors.coordinates ? 'coordinates' : errors.street ? 'street_address' : 'notes');
      // One deployment serves one country (spec §1): a pickup abroad cannot be served.
      if (body.country_code.toUpperCase() !== config.deployment.country.code)
        throw failed(ADDRESS_UPDATE_FAILED, 'country_code');

      await repo.updateVendorAddress(db, vendorId, {
        address_text: body.address_text,
        unit: blankToNull(body.unit),
        building: blankToNull(body.building),
        city: blankToNull(body.city),
        country_code: body.country_code.toUpperCase(),
        latitude: body.latitude,
        longitude: body.longitude,
        postal_code: blankToNull(body.postal_code),
        street: blankToNull(body.street_address),
        rider_instructions: blankToNull(body.notes),
      });
      const row = await repo.findVendor(db, vendorId);
      if (!row) throw failed(ADDRESS_UPDATE_FAILED);
      return repo.toVendor(row);
    },
  };
}
