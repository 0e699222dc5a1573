import type { Db } from '../../../db/db.ts';
import type { CustomerRow } from '../model.ts';
import { containsPattern, phoneDigitsOf } from './sql.ts';

/**
 * Distinct customers of one vendor's orders, each with the latest order's name and address; matched on
 * phone, name or address, ignoring spaces (as the order search of spec §4).
 */
export async function findCustomersOfVendor(
  db: Db,
  vendorId: string,
  query: { text: string; phoneDigits: string | null },
  limit: number,
): Promise<CustomerRow[]> {
  const pattern = containsPattern(query.text.replace(/\s+/g, ''));
  const phonePattern = query.phoneDigits ? containsPattern(query.phoneDigits) : null;
  return db.query<CustomerRow>(
    `select * from (
       select distinct on (customer_phone)
              customer_phone, customer_name, customer_address, customer_notes,
              customer_latitude, customer_longitude, created_at
         from orders
        where vendor_id = $1
        order by customer_phone, created_at desc
     ) latest
     where replace(customer_phone, ' ', '') ilike $2
        or ${phoneDigitsOf('customer_phone')} like $4
        or replace(customer_name, ' ', '') ilike $2
        or replace(customer_address, ' ', '') ilike $2
     order by created_at desc
     limit $3`,
    [vendorId, pattern, limit, phonePattern],
  );
}
