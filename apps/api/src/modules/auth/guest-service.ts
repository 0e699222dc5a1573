import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { GuestSession, GuestSessionBody } from '@riderdesk/domain/contracts/guest';
import { GUEST_VENDOR_NAME } from '@riderdesk/domain/contracts/guest';
import { meetsDifficulty, proofInput } from '@riderdesk/domain/guest/proof-of-work';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { VendorService } from '../vendors/service.ts';
import * as repo from './repo.ts';
import { sha256, type Tokens } from './tokens.ts';

/** How long a challenge may take to solve and send back. */
export const GUEST_CHALLENGE_TTL_S = 10 * 60;

/**
 * How long after its expiry a guest session is swept: no token of it is honoured by then, so no call of the
 * guest can still be placing an order for the vendor being deleted.
 */
export const GUEST_SWEEP_GRACE_MS = 60 * 60_000;
const GUEST_SWEEP_BATCH = 500;

export type GuestService = ReturnType<typeof guestService>;

const challengeError = () => keyedError(400, 'InvalidParameterException', 'guest.error.challenge', 'challenge');

/**
 * Guest sessions (spec §1, §4, §6; docs/decisions/080-guest-sessions.md). A browser first solves a signed
 * proof-of-work challenge; each solved challenge opens one session, which gets a vendor of its own (shown as
 * 'guest') so the vendor scoping every order query already applies keeps one guest's orders from another's.
 */
export function guestService(deps: {
  db: Db;
  config: AppConfig;
  tokens: Tokens;
  vendors: VendorService;
  orders: OrderRecords['guestHandOver'];
  now: () => Date;
}) {
  const { db, config, tokens, vendors, orders, now } = deps;
  const sign = (body: string) =>
    createHmac('sha256', config.authSecret).update(`guest-challenge:${body}`).digest('base64url');

  function checkChallenge(challenge: string): void {
    const [nonce = '', exp = '', mac = ''] = challenge.split('.');
    const expected = Buffer.from(sign(`${nonce}.${exp}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw challengeError();
    if (!/^\d+$/.test(exp) || Number(exp) * 1000 <= now().getTime()) throw challengeError();
  }

  /**
   * Gives a guest vendor's orders to an account. A guest who registered a business finds its orders under that
   * business, not under a branch named 'guest'; where it collected from becomes the business's pickup point when
   * it has none (decision 125). Otherwise the guest's vendor is linked to the account. Answers the vendor id.
   */
  async function moveInto(tx: Db, userId: string, guestVendorId: string, intoVendorId: string | null) {
    if (!intoVendorId) {
      await vendors.registration.linkUser(tx, userId, guestVendorId);
      return guestVendorId;
    }
    const pickup = await orders.latestPickup(tx, guestVendorId);
    await orders.moveAll(tx, guestVendorId, intoVendorId);
    if (pickup?.address) {
      await vendors.registration.setMissingPickup(tx, intoVendorId, {
        address_text: pickup.address,
        unit: null,
        building: null,
        city: null,
        country_code: config.deployment.country.code,
        latitude: pickup.latitude,
        longitude: pickup.longitude,
        postal_code: null,
        street: null,
        rider_instructions: pickup.notes,
      });
    }
    return intoVendorId;
  }

  return {
    challenge(): { challenge: string; difficulty: number } {
      const nonce = randomBytes(16).toString('base64url');
      const exp = Math.floor(now().getTime() / 1000) + GUEST_CHALLENGE_TTL_S;
      return { challenge: `${nonce}.${exp}.${sign(`${nonce}.${exp}`)}`, difficulty: config.guestProofDifficulty };
    },

    async start(body: GuestSessionBody): Promise<GuestSession> {
      checkChallenge(body.challenge);
      const digest = createHash('sha256').update(proofInput(body.challenge, body.nonce)).digest();
      if (!meetsDifficulty(digest, config.guestProofDifficulty)) {
        throw keyedError(400, 'InvalidParameterException', 'guest.error.proof', 'nonce');
      }
      const guestId = randomUUID();
      const vendorId = `guest-${randomBytes(8).toString('hex')}`;
      const issued = await tokens.guestToken(guestId, vendorId);
      const at = now();
      await db.transaction(async (tx) => {
        await vendors.registration.createBusiness(tx, {
          vendor_id: vendorId,
          name: GUEST_VENDOR_NAME,
          is_guest: true,
          currency: config.deployment.country.currency,
          country_code: config.deployment.country.code,
          // spec §6: no online payment for guests.
          payment_methods: { [config.deployment.defaultPaymentMethod]: true },
        });
        const inserted = await repo.insertGuestSession(tx, {
          id: guestId,
          vendorId,
          challengeHash: sha256(body.challenge),
          now: at,
          expiresAt: new Date(issued.exp * 1000),
        });
        // A challenge already used: the transaction rolls the new vendor back.
        if (!inserted) throw challengeError();
      });
      return { token: issued.token, exp: issued.exp, vendor_id: vendorId };
    },

    /**
     * spec §4: a guest who logs in hands its orders to the account: the guest's vendor is linked to it, and the
     * guest token is honoured no more. The token is the one the browser holds (its Authorization header, never a
     * body field), and the account's e-mail is confirmed by then. A stale or foreign token hands nothing over.
     * The guest sessions reserved for the account when it registered are handed over with it.
     */
    async handOver(tx: Db, guestToken: string | undefined, userId: string): Promise<string[]> {
      const at = now();
      const handed: string[] = [];
      for (const reserved of await repo.claimReservedGuestSessions(tx, userId, at)) {
        handed.push(await moveInto(tx, userId, reserved.vendorId, reserved.intoVendorId));
      }
      const guest = guestToken ? await tokens.verifyGuest(guestToken).catch(() => null) : null;
      const claimed = guest ? await repo.claimGuestSession(tx, guest.guestId, userId, at) : null;
      if (claimed) handed.push(await moveInto(tx, userId, claimed, null));
      return handed;
    },

    /**
     * A guest who registers only reserves its orders for the new account and the business it registers: an
     * account whose e-mail is not confirmed yet takes nothing over (decision 080). The first login after the
     * confirmation hands them over, into that business (decision 125).
     */
    async reserve(tx: Db, guestToken: string | undefined, userId: string, intoVendorId: string): Promise<void> {
      const guest = guestToken ? await tokens.verifyGuest(guestToken).catch(() => null) : null;
      if (guest) await repo.reserveGuestSession(tx, guest, userId, intoVendorId, now());
    },

    /**
     * Deletes the vendors of guest sessions that expired (over GUEST_SWEEP_GRACE_MS ago) unclaimed and
     * without orders, in batches so no statement holds many rows; answers how many went (decision 088).
     */
    async sweepExpired(): Promise<number> {
      const expiredBefore = new Date(now().getTime() - GUEST_SWEEP_GRACE_MS);
      let swept = 0;
      for (;;) {
        const batch = await repo.deleteExpiredGuestVendors(db, expiredBefore, GUEST_SWEEP_BATCH);
        swept += batch.length;
        if (batch.length < GUEST_SWEEP_BATCH) return swept;
      }
    },
  };
}
