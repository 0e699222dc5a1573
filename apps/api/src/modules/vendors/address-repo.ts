import type { Db } from '../../db/db.ts';

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

export async function updateVendorAddress(db: Db, vendorId: string, address: VendorAddress): Promise<void> {
  await db.query(
    `update vendors set address_text = $2, unit = $3, building = $4, city = $5, country_code = $6, latitude = $7,
       longitude = $8, postal_code = $9, street = $10, rider_instructions = $11
     where vendor_id = $1`,
    [
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
    ],
  );
}
