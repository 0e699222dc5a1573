import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import * as authRepo from '../modules/auth/repo.ts';
import { GODROID_TOKEN_TTL_S, sha256 } from '../modules/auth/tokens.ts';
import * as ridersRepo from '../modules/dispatch/repo.ts';
import { newRegistrationCode } from '../modules/vendors/registration-code.ts';
import * as vendorsRepo from '../modules/vendors/repo.ts';
import { insertVoucher } from '../modules/vouchers/repo.ts';
import {
  DEMO_DELIVERY_AREA,
  DEMO_OUTLETS,
  DEMO_PARENT_ID,
  DEMO_PAYMENT_METHODS,
  DEMO_POLYGON_AREA,
  DEMO_RIDERS,
  DEMO_STANDALONE_EMAIL,
  DEMO_STANDALONE_ID,
  demoVouchers,
} from './demo-data.ts';
import { seedDemoHistory } from './demo-history.ts';
import { seedDemoOrders } from './demo-orders.ts';

export interface SeedResult {
  /** False when the demo data was already there. */
  created: boolean;
  demoEmail: string;
  demoPassword: string;
  registration: { vendorId: string; code: string; contactEmail: string } | null;
}

/**
 * The demo of a fresh database (ARCHITECTURE.md): vendors, the demo login, a simulated fleet, vouchers,
 * then orders in every bucket. Safe to run again: it only fills what is missing.
 */
export async function seed(db: Db, config: AppConfig, now: Clock): Promise<SeedResult> {
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
      payment_methods: DEMO_PAYMENT_METHODS,
      delivery_area: DEMO_DELIVERY_AREA,
      contact_email: 'owner@karachigrill.pk',
    });
    for (const outlet of DEMO_OUTLETS) {
      await vendorsRepo.insertVendor(tx, {
        ...outlet,
        owners: [...outlet.owners],
        parent_vendor_id: DEMO_PARENT_ID,
        client_vendor_id: outlet.vendor_id.replace('pk-karachi-grill-', 'KGH-').toUpperCase(),
        city: 'Karachi',
        currency: country.currency,
        country_code: country.code,
        payment_methods: DEMO_PAYMENT_METHODS,
        delivery_area: DEMO_DELIVERY_AREA,
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
      delivery_area: DEMO_DELIVERY_AREA,
      registration_code: newRegistrationCode(),
      contact_email: DEMO_STANDALONE_EMAIL,
    });

    const user =
      (await authRepo.insertUser(tx, { email: config.demoEmail, passwordHash, confirmedAt: now() })) ??
      (await authRepo.findUserByEmail(tx, config.demoEmail));
    if (user) {
      await vendorsRepo.linkUserToVendor(tx, user.id, DEMO_PARENT_ID);
      // The demo merchant is shown around by whoever demonstrates it, not by the first-visit walkthrough.
      await authRepo.markWelcomeSeen(tx, user.id, now());
    }

    for (const [name, phone, latitude, longitude] of DEMO_RIDERS) {
      // The simulator drives the demo fleet; nobody holds their tokens.
      await ridersRepo.insertRider(tx, {
        name,
        phone,
        tokenHash: sha256(randomBytes(32).toString('base64url')),
        latitude,
        longitude,
        state: 'AVAILABLE',
        isSimulated: true,
      });
    }
    // Only with a new demo, so a later change by an operator (ops set-country-parameter) is kept.
    if (isNew && config.seedServiceHours) {
      await vendorsRepo.setCountryParameter(tx, 'serviceHours', config.seedServiceHours);
    }
    for (const voucher of demoVouchers(country.currency)) await insertVoucher(tx, voucher);
    // The demo of the embedded partner mode (APP_MODE=GODROID): the operator chose the token, only its hash
    // is kept (docs/decisions/081-partner-tokens.md).
    if (config.demoPartnerToken) {
      await authRepo.insertPartnerToken(tx, {
        id: randomUUID(),
        vendorId: DEMO_STANDALONE_ID,
        tokenHash: sha256(config.demoPartnerToken),
        label: 'demo partner app',
        now: now(),
        expiresAt: new Date(now().getTime() + GODROID_TOKEN_TTL_S * 1000),
      });
    }
    await vendorsRepo.drawDeliveryArea(tx, DEMO_POLYGON_AREA.vendorId, DEMO_POLYGON_AREA.area);
    return isNew;
  });
  await seedDemoOrders(db, config, DEMO_PARENT_ID, now);
  await seedDemoHistory(db, config, DEMO_PARENT_ID, now);
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
  now: Clock,
): Promise<SeedResult & { hasDemoUser: boolean }> {
  const result = (await vendorsRepo.hasVendors(db))
    ? {
        created: false,
        demoEmail: config.demoEmail,
        demoPassword: config.demoPassword,
        registration: await registrationOf(db),
      }
    : await seed(db, config, now);
  const hasDemoUser = (await authRepo.findUserByEmail(db, config.demoEmail)) !== null;
  return { ...result, hasDemoUser };
}
