import { createHmac, createSecretKey, hkdfSync, type KeyObject, timingSafeEqual } from 'node:crypto';
import { AppError, keyedError } from '../../errors.ts';

/** How long a quoted fee may be used to place an order before the browser must recompute it (spec §4). */
export const FEE_SIGNATURE_TTL_MS = 15 * 60_000;

const VERSION = 'v1';
// Coordinates are bound at 5 decimals (about 1 m), so a float round trip through JSON cannot break a quote.
const COORDINATE_DECIMALS = 5;

export interface FeePoint {
  lat: number;
  lng: number;
}

/** What a base fee quote binds: who, from where, to where, how much (minor units). */
export interface FeeQuote {
  vendorId: string;
  origin: FeePoint;
  destination: FeePoint;
  feeMinor: number;
}

/** What a voucher's discounted quote binds: the base quote's signature, the code and the new fee. */
export interface DiscountQuote {
  baseSignature: string;
  voucherCode: string;
  feeMinor: number;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'mismatch' | 'expired' };

/**
 * Signatures this signer made lately, with the message each signs: a bulk row's quote is signed and then
 * checked like any create's, and a signature found here with the same message has its MAC by construction
 * (the same key made it), so the check skips computing it again. Bounded; emptied when full.
 */
const SIGNED_KEPT = 1024;

const coordinate = (value: number) => value.toFixed(COORDINATE_DECIMALS);

function quoteMessage(quote: FeeQuote): string {
  const { origin, destination } = quote;
  return [
    'fee',
    quote.vendorId,
    coordinate(origin.lat),
    coordinate(origin.lng),
    coordinate(destination.lat),
    coordinate(destination.lng),
    String(quote.feeMinor),
  ].join('|');
}

function discountMessage(quote: DiscountQuote): string {
  return ['discount', quote.baseSignature, quote.voucherCode.toUpperCase(), String(quote.feeMinor)].join('|');
}

/**
 * HMAC-SHA256 fee quotes of the form `v1.<expiresAt unix seconds>.<base64url mac>`. The key is derived
 * from AUTH_SECRET with HKDF and a purpose label, so a fee signature can never verify as a token and
 * rotating AUTH_SECRET invalidates outstanding quotes (the browser recomputes on SignatureExpired).
 */
export class FeeSigner {
  readonly #key: KeyObject;
  /** The signing key first, then the previous secrets' (AUTH_SECRET_PREVIOUS) during a rotation. */
  readonly #verifyKeys: KeyObject[];
  readonly #now: () => Date;
  readonly #ttlMs: number;
  readonly #signed = new Map<string, string>();

  constructor(secret: string, now: () => Date, ttlMs = FEE_SIGNATURE_TTL_MS, previousSecrets: readonly string[] = []) {
    // Kept as key objects: an HMAC made with one skips importing the key bytes (a bulk file signs and checks
    // tens of thousands of quotes).
    const derive = (value: string) =>
      createSecretKey(Buffer.from(hkdfSync('sha256', value, 'riderdesk', 'riderdesk fee signature v1', 32)));
    this.#key = derive(secret);
    this.#verifyKeys = [this.#key, ...previousSecrets.map(derive)];
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  #mac(message: string, expiresAt: number, key = this.#key): string {
    return createHmac('sha256', key).update(`${VERSION}|${expiresAt}|${message}`).digest('base64url');
  }

  #sign(message: string, expiresAt: number): string {
    const signature = `${VERSION}.${expiresAt}.${this.#mac(message, expiresAt)}`;
    if (this.#signed.size >= SIGNED_KEPT) this.#signed.clear();
    this.#signed.set(signature, message);
    return signature;
  }

  #verify(message: string, signature: string): SignatureCheck {
    const [version, expires, mac, ...rest] = signature.split('.');
    if (version !== VERSION || !expires || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expires)) {
      return { ok: false, reason: 'mismatch' };
    }
    const expiresAt = Number(expires);
    const given = Buffer.from(mac);
    const matches =
      this.#signed.get(signature) === message ||
      this.#verifyKeys.some((key) => {
        const expected = Buffer.from(this.#mac(message, expiresAt, key));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    if (!matches) return { ok: false, reason: 'mismatch' };
    // Expiry is judged only after the MAC holds: a forged quote is 'changed', never 'expired'.
    if (expiresAt * 1000 <= this.#now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true };
  }

  /** Unix seconds at which a quote issued now expires. */
  expiry(): number {
    return Math.floor((this.#now().getTime() + this.#ttlMs) / 1000);
  }

  signQuote(quote: FeeQuote, expiresAt = this.expiry()): string {
    return this.#sign(quoteMessage(quote), expiresAt);
  }

  verifyQuote(quote: FeeQuote, signature: string): SignatureCheck {
    return this.#verify(quoteMessage(quote), signature);
  }

  /** A discounted quote expires with the base quote it was derived from. */
  signDiscount(quote: DiscountQuote): string {
    return this.#sign(discountMessage(quote), expiresAtOf(quote.baseSignature) ?? this.expiry());
  }

  verifyDiscount(quote: DiscountQuote, signature: string): SignatureCheck {
    return this.#verify(discountMessage(quote), signature);
  }
}

/** The expiry a signature claims (not yet verified), or null when it is not a v1 signature. */
export function expiresAtOf(signature: string): number | null {
  const [version, expires] = signature.split('.');
  return version === VERSION && expires && /^\d{1,12}$/.test(expires) ? Number(expires) : null;
}

/** spec §8 'error.fee.changed': the fee, its coordinates or its vendor differ from what was signed. */
export const feeChanged = (field = 'delivery_fee') => keyedError(400, 'FeeChanged', 'error.fee.changed', field);

/** spec §4: the browser waits 1 s and recomputes the fee when it reads SignatureExpired. */
export const signatureExpired = () => new AppError(409, 'SignatureExpired', 'SignatureExpired');

/** Answers a failed check with the error the browser acts on. */
export function assertSignature(check: SignatureCheck, field?: string): void {
  if (check.ok) return;
  throw check.reason === 'expired' ? signatureExpired() : feeChanged(field);
}
