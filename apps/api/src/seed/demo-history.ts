import type { OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { pino } from 'pino';
import { buildServices } from '../app.ts';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { createJobQueue } from '../infra/jobs/job-queue.ts';
import * as authRepo from '../modules/auth/repo.ts';
import { simulatedProof } from '../modules/dispatch/proofs.ts';
import { findOrder } from '../modules/orders/repo.ts';
import { HOURS_NOT_APPLIED } from '../modules/pricing/service-hours.ts';
import { findVendor } from '../modules/vendors/repo.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type PastPlan = {
  outlet: string;
  /** Days before today, and the Karachi hour of the day the order was placed at. */
  daysAgo: number;
  hour: number;
  to: { lat: number; lng: number };
  name: string;
  phone: string;
  address: string;
  end: 'delivered' | 'cancelled';
};

// A week of past orders, so "All orders" has something to find on a fresh demo: yesterday (the default
// period) and the days before it, delivered and cancelled, across the outlets.
export const DEMO_HISTORY: readonly PastPlan[] = [
  {
    outlet: 'clifton',
    daysAgo: 1,
    hour: 13,
    to: { lat: 24.8138, lng: 67.0402 },
    name: 'Zainab Ali',
    phone: '+923215550101',
    address: 'House 7, Street 3, Block 5, Clifton',
    end: 'delivered',
  },
  {
    outlet: 'dha6',
    daysAgo: 1,
    hour: 19,
    to: { lat: 24.8059, lng: 67.0702 },
    name: 'Farhan Qureshi',
    phone: '+923335550202',
    address: 'House 40, Khayaban-e-Bukhari, DHA Phase 6',
    end: 'cancelled',
  },
  {
    outlet: 'gulshan',
    daysAgo: 1,
    hour: 21,
    to: { lat: 24.9291, lng: 67.0905 },
    name: 'Mehwish Raza',
    phone: '+923005550303',
    address: 'C-22, Block 13, Gulshan-e-Iqbal',
    end: 'delivered',
  },
  {
    outlet: 'clifton',
    daysAgo: 3,
    hour: 12,
    to: { lat: 24.8115, lng: 67.0222 },
    name: 'Usman Tariq',
    phone: '+923455550404',
    address: 'Apartment 2, Block 8, Clifton',
    end: 'delivered',
  },
  {
    outlet: 'dha6',
    daysAgo: 5,
    hour: 20,
    to: { lat: 24.8012, lng: 67.0581 },
    name: 'Nadia Hussain',
    phone: '+923125550505',
    address: 'House 12, Lane 2, DHA Phase 6',
    end: 'delivered',
  },
  {
    outlet: 'gulshan',
    daysAgo: 12,
    hour: 14,
    to: { lat: 24.9233, lng: 67.0888 },
    name: 'Kamran Shah',
    phone: '+923005550606',
    address: 'A-5, Block 11, Gulshan-e-Iqbal',
    end: 'delivered',
  },
];

/**
 * Past orders of the demo, placed and delivered (or cancelled) through the same services as real ones on a
 * clock set to their day. Does nothing once the demo parent has any order from before today.
 */
export async function seedDemoHistory(db: Db, config: AppConfig, parentId: string, clock: Clock): Promise<void> {
  const user = await authRepo.findUserByEmail(db, config.demoEmail);
  if (!user) return;
  const { timeZone } = config.deployment.country;
  const startOfToday = startOfTodayInZone(clock(), timeZone);
  const [past] = await db.query<{ n: number }>(
    `select count(*)::int as n from orders o join vendors v on v.vendor_id = o.vendor_id
      where (o.vendor_id = $1 or v.parent_vendor_id = $1) and o.created_at < $2`,
    [parentId, startOfToday],
  );
  if ((past?.n ?? 0) > 0) return;

  let current = clock();
  const now = () => current;
  const log = pino({ level: 'silent' });
  const { pricing, orders, orderCancel, riders, dispatcher } = buildServices(config, {
    db,
    now,
    log,
    // Never opened: the seed's orders go to no webhook endpoint.
    jobs: createJobQueue({ db, log, settings: config.jobs }),
    serviceHours: HOURS_NOT_APPLIED,
  });
  const caller = { kind: 'user' as const, userId: user.id, sessionId: 'seed' };
  const later = (minutes: number) => {
    current = new Date(current.getTime() + minutes * MINUTE);
  };

  for (const plan of DEMO_HISTORY) {
    // Local midnight `daysAgo` days back, plus the hour (Karachi keeps no daylight saving).
    current = new Date(startOfToday.getTime() - plan.daysAgo * 24 * HOUR + plan.hour * HOUR);
    const vendorId = `${parentId}-${plan.outlet}`;
    const vendor = await findVendor(db, vendorId);
    if (!vendor?.latitude || !vendor.longitude) continue;
    const quote = await pricing.quoteFee(caller, {
      source: { lat: vendor.latitude, lon: vendor.longitude },
      destination: { lat: plan.to.lat, lon: plan.to.lng },
      vendor_id: vendorId,
      delivery_type: 'food',
    });
    const body: OrderCreateBody = {
      vendor_id: vendorId,
      customer: {
        location: { latitude: plan.to.lat, longitude: plan.to.lng, address: plan.address, notes: 'Call on arrival' },
        phone_number: plan.phone,
        name: plan.name,
      },
      order: {
        payment_method: 'CASH_ON_DELIVERY',
        amount: 1450 + plan.daysAgo * 50,
        description: 'Family meal box',
        cold_bag_needed: false,
      },
      vat_number: null,
      preordered_for: null,
      age_validation_required: false,
      login_pickup_estimation: 15,
      delivery_fee: quote.fee,
      signature: quote.signature,
    };
    const created = await orders.create(caller, vendor, body, null);
    const orderId = created.body.result.order_id;
    later(1);
    await dispatcher.tick();
    if (plan.end === 'cancelled') {
      later(3);
      await orderCancel.cancel(caller, { vendor_id: vendorId, order_id: orderId, reason: 'delivery_eta_too_long' });
      continue;
    }
    const riderId = (await findOrder(db, orderId))?.rider_id ?? null;
    if (!riderId) continue;
    later(1);
    await riders.accept(riderId, orderId);
    later(8);
    await riders.reportPosition(riderId, { latitude: vendor.latitude, longitude: vendor.longitude, heading: null });
    await riders.arrivedAtVendor(riderId, orderId);
    later(4);
    await riders.collected(riderId, orderId, simulatedProof('pickup'));
    later(1);
    await riders.leftVendor(riderId, orderId);
    later(9);
    await riders.reportPosition(riderId, { latitude: plan.to.lat, longitude: plan.to.lng, heading: null });
    await riders.nearCustomer(riderId, orderId);
    later(2);
    await riders.delivered(riderId, orderId, simulatedProof('delivery'));
  }
}
