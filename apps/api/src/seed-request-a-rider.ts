import type { AppConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { insertVoucher } from './modules/vouchers/repo.ts';

// GeoJSON order [lng, lat]: central Karachi from Saddar and PECHS to Gulshan-e-Iqbal, drawn around the
// Tariq Road outlet to show a polygon area next to the radius areas of the other outlets.
const TARIQ_ROAD_AREA = {
  type: 'polygon',
  coordinates: [
    [67.0, 24.845],
    [67.035, 24.83],
    [67.09, 24.845],
    [67.11, 24.9],
    [67.085, 24.935],
    [67.03, 24.925],
    [67.005, 24.89],
  ],
} as const;

/** Vouchers of the three spec §3 amount types, an expired one, and a polygon delivery area; idempotent. */
export async function seedRequestARider(db: Db, config: AppConfig): Promise<void> {
  const { currency } = config.deployment.country;
  await db.transaction(async (tx) => {
    await insertVoucher(tx, {
      code: 'WELCOME50',
      type: 'amount',
      value: 50,
      currency,
      description: `${currency} 50 off the delivery fee`,
    });
    await insertVoucher(tx, {
      code: 'RIDE20',
      type: 'percentage',
      value: 20,
      currency,
      description: '20% off the delivery fee',
    });
    await insertVoucher(tx, { code: 'FREEDEL', type: 'deliveryFee', value: 0, currency, description: 'Free delivery' });
    await insertVoucher(tx, {
      code: 'SUMMER24',
      type: 'amount',
      value: 30,
      currency,
      description: 'Summer 2024 promotion',
      valid_until: new Date('2024-09-30T18:59:59Z'),
    });
    await tx.query(
      `update vendors set delivery_area = $2::jsonb
        where vendor_id = $1 and (delivery_area is null or delivery_area->>'type' = 'radius')`,
      ['pk-karachi-grill-tariq-road', JSON.stringify(TARIQ_ROAD_AREA)],
    );
  });
}
