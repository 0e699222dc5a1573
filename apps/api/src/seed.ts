import { randomBytes, randomInt } from 'node:crypto';
import type { AppConfig } from './config.ts';
import type { Db } from './db/db.ts';
import * as authRepo from './modules/auth/repo.ts';
import { hashPassword } from './modules/auth/service.ts';
import { sha256 } from './modules/auth/tokens.ts';
import { seedLiveTracking } from './modules/dispatch/seed.ts';
import * as vendorsRepo from './modules/vendors/repo.ts';
import { seedRequestARider } from './seed-request-a-rider.ts';

export const DEMO_PARENT_ID = 'pk-karachi-grill';
export const DEMO_STANDALONE_ID = 'pk-chai-khana';
export const DEMO_STANDALONE_EMAIL = 'owner@chaikhana.pk';

const PAYMENT_METHODS = { CASH_ON_DELIVERY: true, PAID: true, ONLINE_PAYMENT: true };
const DELIVERY_AREA = { type: 'radius', radius_km: 8 } as const;

const OUTLETS = [
  {
    vendor_id: 'pk-karachi-grill-clifton',
    name: 'Karachi Grill House — Clifton',
    address_text: 'Shop 12, Block 5, Clifton, near Dolmen Mall',
    street: 'Khayaban-e-Roomi',
    postal_code: '75600',
    latitude: 24.8021,
    longitude: 67.03,
    phone: '+922135871234',
    owners: ['clifton@karachigrill.pk'],
  },
  {
    vendor_id: 'pk-karachi-grill-dha6',
    name: 'Karachi Grill House — DHA Phase 6',
    address_text: '24-C, Bukhari Commercial Lane 3, DHA Phase 6',
    street: 'Bukhari Commercial Lane 3',
    postal_code: '75500',
    latitude: 24.796,
    longitude: 67.0645,
    phone: '+922135244567',
    owners: ['dha@karachigrill.pk'],
  },
  {
    vendor_id: 'pk-karachi-grill-gulshan',
    name: 'Karachi Grill House — Gulshan-e-Iqbal',
    address_text: 'Plot SB-7, Block 13-C, Gulshan-e-Iqbal, near Maskan Chowrangi',
    street: 'University Road',
    postal_code: '75300',
    latitude: 24.918,
    longitude: 67.0971,
    phone: '+922134987654',
    owners: ['gulshan@karachigrill.pk'],
  },
  {
    vendor_id: 'pk-karachi-grill-tariq-road',
    name: 'Karachi Grill House — Tariq Road',
    address_text: '112-A, Tariq Road, Block 2, PECHS',
    street: 'Tariq Road',
    postal_code: '75400',
    latitude: 24.8721,
    longitude: 67.0599,
    phone: '+922134551122',
    owners: ['tariqroad@karachigrill.pk'],
  },
] as const;

const RIDERS: [string, string, number, number][] = [
  ['Imran Qureshi', '+923001234501', 24.8138, 67.0297],
  ['Bilal Ahmed', '+923001234502', 24.8007, 67.0612],
  ['Faisal Khan', '+923001234503', 24.9204, 67.0932],
  ['Usman Siddiqui', '+923001234504', 24.8705, 67.0623],
  ['Kamran Ali', '+923001234505', 24.8607, 67.0011],
  ['Asad Mehmood', '+923001234506', 24.8934, 67.0281],
  ['Zeeshan Raza', '+923001234507', 24.8268, 67.0335],
  ['Hamza Sheikh', '+923001234508', 24.9056, 67.0822],
  ['Nadeem Baig', '+923001234509', 24.8455, 67.0712],
  ['Shahid Malik', '+923001234510', 24.8822, 67.0468],
];

export function newRegistrationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export interface SeedResult {
  /** False when the demo data was already there. */
  created: boolean;
  demoEmail: string;
  demoPassword: string;
  registration: { vendorId: string; code: string; contactEmail: string } | null;
}

/** The demo of a fresh database (ARCHITECTURE.md); safe to run again, it only fills what is missing. */
export async function seed(db: Db, config: AppConfig, now: () => Date): Promise<SeedResult> {
  const { country } = config.deployment;
  const passwordHash = await hashPassword(config.demoPassword, config.passwordHashCost);
  const created = await db.transaction(async (tx) => {
    const isNew = await vendorsRepo.insertVendor(tx, {
      vendor_id: DEMO_PARENT_ID,
      name: 'Karachi Grill House',
      is_parent: true,
      currency: country.currency,
      country_code: country.code,
      phone: '+922135860000',
      owners: ['owner@karachigrill.pk'],
      // Head office, beside the Clifton outlet.
      address_text: 'Head office, Block 5, Clifton',
      city: 'Karachi',
      postal_code: '75600',
      latitude: 24.8138,
      longitude: 67.0297,
      payment_methods: PAYMENT_METHODS,
      delivery_area: DELIVERY_AREA,
      contact_email: 'owner@karachigrill.pk',
    });
    for (const outlet of OUTLETS) {
      await vendorsRepo.insertVendor(tx, {
        ...outlet,
        owners: [...outlet.owners],
        parent_vendor_id: DEMO_PARENT_ID,
        client_vendor_id: outlet.vendor_id.replace('pk-karachi-grill-', 'KGH-').toUpperCase(),
        city: 'Karachi',
        currency: country.currency,
        country_code: country.code,
        payment_methods: PAYMENT_METHODS,
        delivery_area: DELIVERY_AREA,
        estimation_pick_up_time: 15,
        login_pickup_estimation: 15,
      });
    }
    await vendorsRepo.insertVendor(tx, {
      vendor_id: DEMO_STANDALONE_ID,
      name: 'Chai Khana Saddar',
      currency: country.currency,
      country_code: country.code,
      phone: '+922132720011',
      owners: [DEMO_STANDALONE_EMAIL],
      address_text: 'Shop 4, Abdullah Haroon Road, Saddar',
      street: 'Abdullah Haroon Road',
      city: 'Karachi',
      postal_code: '74400',
      latitude: 24.8575,
      longitude: 67.0268,
      payment_methods: { CASH_ON_DELIVERY: true },
      delivery_area: DELIVERY_AREA,
      registration_code: newRegistrationCode(),
      contact_email: DEMO_STANDALONE_EMAIL,
    });

    const user =
      (await authRepo.insertUser(tx, { email: config.demoEmail, passwordHash, confirmedAt: now() })) ??
      (await authRepo.findUserByEmail(tx, config.demoEmail));
    if (user) await vendorsRepo.linkUserToVendor(tx, user.id, DEMO_PARENT_ID);

    for (const [name, phone, latitude, longitude] of RIDERS) {
      await tx.query(
        `insert into riders (name, phone, vehicle, token_hash, latitude, longitude, state)
         values ($1, $2, 'motorbike', $3, $4, $5, 'AVAILABLE') on conflict (phone) do nothing`,
        [name, phone, sha256(randomBytes(32).toString('base64url')), latitude, longitude],
      );
    }
    // Only with a new demo, so a later change by an operator (ops set-country-parameter) is kept.
    if (isNew && config.seedServiceHours) {
      await vendorsRepo.setCountryParameter(tx, 'serviceHours', config.seedServiceHours);
    }
    return isNew;
  });
  await seedRequestARider(db, config);
  await seedLiveTracking(db, config, DEMO_PARENT_ID, now);
  return {
    created,
    demoEmail: config.demoEmail,
    demoPassword: config.demoPassword,
    registration: await registrationOf(db),
  };
}

/** The standalone vendor's open registration, printed at start so the vendor-code flow can be tried. */
async function registrationOf(db: Db): Promise<SeedResult['registration']> {
  const vendor = await vendorsRepo.findVendor(db, DEMO_STANDALONE_ID);
  if (!vendor?.registration_code || !vendor.contact_email || vendor.is_registered) return null;
  return { vendorId: vendor.vendor_id, code: vendor.registration_code, contactEmail: vendor.contact_email };
}

/** Start-up seeding: only a database without vendors gets the demo. */
export async function seedIfEmpty(
  db: Db,
  config: AppConfig,
  now: () => Date,
): Promise<SeedResult & { hasDemoUser: boolean }> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from vendors');
  const result =
    row?.count === 0
      ? await seed(db, config, now)
      : {
          created: false,
          demoEmail: config.demoEmail,
          demoPassword: config.demoPassword,
          registration: await registrationOf(db),
        };
  const hasDemoUser = (await authRepo.findUserByEmail(db, config.demoEmail)) !== null;
  return { ...result, hasDemoUser };
}
