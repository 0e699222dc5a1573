import type { OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { isWithinServiceHours } from '@riderdesk/domain/service-hours';
import { pino } from 'pino';
import { buildServices } from '../app.ts';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { createJobQueue } from '../infra/jobs/job-queue.ts';
import * as authRepo from '../modules/auth/repo.ts';
import { simulatedProof } from '../modules/dispatch/proofs.ts';
import * as ridersRepo from '../modules/dispatch/repo.ts';
import { countOrdersOfVendor, findOrder } from '../modules/orders/repo.ts';
import { HOURS_NOT_APPLIED } from '../modules/pricing/service-hours.ts';
import { findVendor, getCountryParameter } from '../modules/vendors/repo.ts';

const MINUTE = 60_000;
const NO_COURIER_MINUTES = 10;

type Plan = {
  outlet: string;
  /** Minutes before the seed's reference time. */
  ago: number;
  to: { lat: number; lng: number };
  name: string;
  address: string;
  end: 'delivered' | 'collected' | 'left' | 'cancelled' | 'no_courier' | 'new' | 'scheduled';
};

const PLANS: Plan[] = [
  {
    outlet: 'clifton',
    ago: 200,
    to: { lat: 24.8132, lng: 67.0361 },
    name: 'Ayesha Khan',
    address: 'Flat 4, Sea View Apartments, Block 2, Clifton',
    end: 'delivered',
  },
  {
    outlet: 'dha6',
    ago: 170,
    to: { lat: 24.8059, lng: 67.0702 },
    name: 'Omar Farooq',
    address: 'House 21, Street 8, Khayaban-e-Shahbaz, DHA Phase 6',
    end: 'delivered',
  },
  {
    outlet: 'gulshan',
    ago: 140,
    to: { lat: 24.9291, lng: 67.0905 },
    name: 'Sana Javed',
    address: 'B-14, Block 10, Gulshan-e-Iqbal',
    end: 'delivered',
  },
  {
    outlet: 'clifton',
    ago: 45,
    to: { lat: 24.8115, lng: 67.0222 },
    name: 'Hina Aslam',
    address: 'Apartment 9, Block 4, Clifton',
    end: 'collected',
  },
  {
    outlet: 'dha6',
    ago: 35,
    to: { lat: 24.7912, lng: 67.0548 },
    name: 'Ali Raza',
    address: 'House 7, Lane 5, Bukhari Commercial, DHA Phase 6',
    end: 'left',
  },
  {
    outlet: 'gulshan',
    ago: 95,
    to: { lat: 24.9102, lng: 67.1051 },
    name: 'Farah Naz',
    address: 'Flat 2, Block 13-D, Gulshan-e-Iqbal',
    end: 'cancelled',
  },
  {
    outlet: 'tariq-road',
    ago: 80,
    to: { lat: 24.8801, lng: 67.0633 },
    name: 'Kashif Iqbal',
    address: 'House 3, Block 6, PECHS',
    end: 'no_courier',
  },
  {
    outlet: 'tariq-road',
    ago: 10,
    to: { lat: 24.8655, lng: 67.0701 },
    name: 'Mehwish Ali',
    address: 'Flat 11, Block 2, PECHS',
    end: 'new',
  },
  {
    outlet: 'clifton',
    ago: 5,
    to: { lat: 24.8188, lng: 67.0301 },
    name: 'Danish Shah',
    address: 'House 30, Block 8, Clifton',
    end: 'new',
  },
  {
    outlet: 'dha6',
    ago: 15,
    to: { lat: 24.8012, lng: 67.0581 },
    name: 'Rabia Anwar',
    address: 'House 12, Lane 2, DHA Phase 6',
    end: 'scheduled',
  },
  {
    outlet: 'gulshan',
    ago: 12,
    to: { lat: 24.9233, lng: 67.0888 },
    name: 'Imtiaz Haider',
    address: 'A-5, Block 11, Gulshan-e-Iqbal',
    end: 'scheduled',
  },
];

/** The latest plan starts this long before the seed's reference time. */
const PLANNED_SPAN_MINUTES = Math.max(...PLANS.map((plan) => plan.ago));

/**
 * The demo's orders in every bucket (new, scheduled, collected, delivered, cancelled), placed and moved
 * through the same services as real ones. They are history written at whatever hour the seed runs: the
 * plan is squeezed into the part of today that has passed, so the tracking page (today's orders) shows
 * every bucket even just after midnight, and the service hours, which gate a merchant's request, do not
 * apply to it (only the scheduled orders are due inside them). Once the server runs, the dispatcher and
 * the simulator carry the open ones on. Does nothing if the demo parent already has orders.
 */
export async function seedDemoOrders(db: Db, config: AppConfig, parentId: string, clock: Clock): Promise<void> {
  const existing = await countOrdersOfVendor(db, parentId);
  const user = await authRepo.findUserByEmail(db, config.demoEmail);
  if (existing > 0 || !user) return;

  const hours = await getCountryParameter(db, 'serviceHours');
  const { timeZone } = config.deployment.country;
  const isOpen = (at: Date) => isWithinServiceHours(hours, at, timeZone);
  const reference = clock();
  const sinceMidnight = reference.getTime() - startOfTodayInZone(reference, timeZone).getTime();
  // Each plan (its start and its steps) takes `scale` of its nominal minutes, ending before now.
  const scale = Math.min(1, (0.9 * sinceMidnight) / (PLANNED_SPAN_MINUTES * MINUTE));
  let current = reference;
  const now = () => current;

  // The app's own services, on the seed's clock, with the no_courier limit squeezed like the plan.
  const log = pino({ level: 'silent' });
  const { pricing, orders, orderCancel, riders, dispatcher } = buildServices(
    { ...config, dispatch: { ...config.dispatch, noCourierMinutes: NO_COURIER_MINUTES * scale } },
    {
      db,
      now,
      log,
      // Never opened: the seed's orders go to no webhook endpoint.
      jobs: createJobQueue({ db, log, settings: config.jobs }),
      serviceHours: HOURS_NOT_APPLIED,
    },
  );
  const caller = { kind: 'user' as const, userId: user.id, sessionId: 'seed' };

  const riderOf = async (orderId: string) => (await findOrder(db, orderId))?.rider_id ?? null;
  const moveTo = (riderId: string, point: { lat: number; lng: number }) =>
    riders.reportPosition(riderId, { latitude: point.lat, longitude: point.lng, heading: null });

  for (const plan of PLANS) {
    current = new Date(reference.getTime() - plan.ago * scale * MINUTE);
    const vendorId = `${parentId}-${plan.outlet}`;
    const vendor = await findVendor(db, vendorId);
    if (!vendor?.latitude || !vendor.longitude) continue;
    const quote = await pricing.quoteFee(caller, {
      source: { lat: vendor.latitude, lon: vendor.longitude },
      destination: { lat: plan.to.lat, lon: plan.to.lng },
      vendor_id: vendorId,
      delivery_type: 'food',
    });
    let preorderedFor: number | null = null;
    if (plan.end === 'scheduled') {
      // Tomorrow around this time, moved into the service hours: listed as scheduled.
      let at = new Date(reference.getTime() + 24 * 60 * MINUTE);
      for (let step = 0; step < 96 && !isOpen(at); step++) at = new Date(at.getTime() + 30 * MINUTE);
      preorderedFor = Math.floor(at.getTime() / 1000) + plan.ago * 60;
    }
    const body: OrderCreateBody = {
      vendor_id: vendorId,
      customer: {
        location: { latitude: plan.to.lat, longitude: plan.to.lng, address: plan.address, notes: 'Call on arrival' },
        phone_number: `+9230012${String(40000 + plan.ago).padStart(5, '0')}`,
        name: plan.name,
      },
      order: {
        payment_method: 'CASH_ON_DELIVERY',
        amount: 1200 + plan.ago * 5,
        description: 'Family meal box',
        cold_bag_needed: false,
      },
      vat_number: null,
      preordered_for: preorderedFor,
      age_validation_required: false,
      login_pickup_estimation: 15,
      delivery_fee: quote.fee,
      signature: quote.signature,
    };
    const created = await orders.create(caller, vendor, body, null);
    const orderId = created.body.result.order_id;
    const later = (minutes: number) => {
      current = new Date(current.getTime() + minutes * scale * MINUTE);
    };

    later(1);
    if (plan.end === 'scheduled' || plan.end === 'new') {
      await dispatcher.tick();
      continue;
    }
    if (plan.end === 'cancelled') {
      await dispatcher.tick();
      later(3);
      await orderCancel.cancel(caller, { vendor_id: vendorId, order_id: orderId, reason: 'mistake_error' });
      continue;
    }
    if (plan.end === 'no_courier') {
      // Every rider busy: nobody can be offered the order until the time limit ends it.
      const free = await ridersRepo.availableRiders(db);
      for (const rider of free) await ridersRepo.setRiderState(db, rider.id, 'OFFLINE', now());
      await dispatcher.tick();
      later(NO_COURIER_MINUTES + 1);
      await dispatcher.tick();
      for (const rider of free) await ridersRepo.setRiderState(db, rider.id, 'AVAILABLE', now());
      continue;
    }
    await dispatcher.tick();
    const riderId = await riderOf(orderId);
    if (!riderId) continue;
    const pickup = { lat: vendor.latitude, lng: vendor.longitude };
    later(1);
    await riders.accept(riderId, orderId);
    later(8);
    await moveTo(riderId, pickup);
    await riders.arrivedAtVendor(riderId, orderId);
    later(4);
    await riders.collected(riderId, orderId, simulatedProof('pickup'));
    if (plan.end === 'collected') continue;
    later(1);
    await riders.leftVendor(riderId, orderId);
    if (plan.end === 'left') continue;
    later(9);
    await moveTo(riderId, plan.to);
    await riders.nearCustomer(riderId, orderId);
    later(2);
    await riders.delivered(riderId, orderId, simulatedProof('delivery'));
  }
}
