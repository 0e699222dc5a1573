import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { TokenSet } from '@riderdesk/domain/contracts/auth';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_S = 60 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const GODROID_TOKEN_TTL_S = 30 * 24 * 60 * 60;
/** A guest keeps following its orders for a week; registering keeps them for good (decision 080). */
export const GUEST_TOKEN_TTL_S = 7 * 24 * 60 * 60;
const ISSUER = 'riderdesk';
const VERIFIED_TOKENS_KEPT = 5_000;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const randomToken = (): string => randomBytes(32).toString('base64url');

export interface AccessClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export class Tokens {
  readonly #key: Uint8Array;
  /** The signing key first, then the previous secrets' (AUTH_SECRET_PREVIOUS) during a rotation. */
  readonly #verifyKeys: Uint8Array[];
  /**
   * The verifying keys imported once: given raw bytes, jose imports them into WebCrypto on every check, which
   * cost about as much as the check itself (bench/LOG.md, order-history).
   */
  #importedVerifyKeys: Promise<webcrypto.CryptoKey[]> | null = null;
  /** Tokens whose signature was verified, by their text: at most VERIFIED_TOKENS_KEPT. */
  readonly #verified = new Map<string, JWTPayload>();
  readonly #now: () => Date;

  constructor(secret: string, now: () => Date, previousSecrets: readonly string[] = []) {
    const encode = (value: string) => new TextEncoder().encode(value);
    this.#key = encode(secret);
    this.#verifyKeys = [this.#key, ...previousSecrets.map(encode)];
    this.#now = now;
  }

  /** The clock the tokens are checked against; credentials kept in the database are checked against it too. */
  now(): Date {
    return this.#now();
  }

  #seconds(): number {
    return Math.floor(this.#now().getTime() / 1000);
  }

  #sign(claims: Record<string, unknown>, subject: string, ttlSeconds: number): Promise<string> {
    const now = this.#seconds();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
  }

  async #verify(token: string, typ: string): Promise<JWTPayload> {
    // A client sends the same tokens with every request: once a token's signature and claims are verified, it
    // is only checked again for its expiry (as jose checks it: expired from its exp second on).
    const known = this.#verified.get(token);
    if (known && known.typ === typ) {
      if ((known.exp ?? 0) > this.#seconds()) return known;
      this.#verified.delete(token);
    }
    const payload = await this.#verifySignature(token, typ);
    if (this.#verified.size >= VERIFIED_TOKENS_KEPT) this.#verified.clear();
    this.#verified.set(token, payload);
    return payload;
  }

  async #verifySignature(token: string, typ: string): Promise<JWTPayload> {
    let failure: unknown = null;
    // A token signed before a rotation stays valid until it expires (docs/operations.md).
    this.#importedVerifyKeys ??= Promise.all(
      this.#verifyKeys.map((key) =>
        webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
      ),
    );
    for (const key of await this.#importedVerifyKeys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: this.#now(),
          requiredClaims: ['sub', 'exp'],
        });
        if (payload.typ !== typ) throw new Error(`expected a ${typ} token`);
        return payload;
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  async tokenSet(user: { id: string; email: string }, sessionId: string, refreshToken: string): Promise<TokenSet> {
    const expires = this.#seconds() + ACCESS_TOKEN_TTL_S;
    const [AccessToken, IdToken] = await Promise.all([
      this.#sign({ typ: 'access', sid: sessionId }, user.id, ACCESS_TOKEN_TTL_S),
      this.#sign({ typ: 'id', email: user.email }, user.id, ACCESS_TOKEN_TTL_S),
    ]);
    return { AccessToken, IdToken, RefreshToken: refreshToken, Expires: expires };
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    const payload = await this.#verify(token, 'access');
    if (typeof payload.sid !== 'string') throw new Error('access token without session');
    return { userId: payload.sub!, sessionId: payload.sid, expiresAt: new Date(payload.exp! * 1000) };
  }

  async verifyId(token: string): Promise<{ userId: string; email: string }> {
    const payload = await this.#verify(token, 'id');
    return { userId: payload.sub!, email: String(payload.email) };
  }

  /** spec §4: a guest token carries a numeric exp; its session row says whether it is still honoured. */
  async guestToken(guestId: string, vendorId: string, ttlSeconds = GUEST_TOKEN_TTL_S) {
    const token = await this.#sign({ typ: 'guest', vendor_id: vendorId }, guestId, ttlSeconds);
    return { token, exp: this.#seconds() + ttlSeconds };
  }

  async verifyGuest(token: string): Promise<{ guestId: string; vendorId: string; expiresAt: Date }> {
    const payload = await this.#verify(token, 'guest');
    if (typeof payload.vendor_id !== 'string' || payload.vendor_id === '') throw new Error('no vendor_id');
    return { guestId: payload.sub!, vendorId: payload.vendor_id, expiresAt: new Date(payload.exp! * 1000) };
  }
}
