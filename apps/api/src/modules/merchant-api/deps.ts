import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { VendorService } from '../vendors/service.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { CallerCache } from './caller-cache.ts';

/** What every workflow of the merchant API credentials is given (decision 146). */
export interface MerchantApiDeps {
  db: Db;
  vendors: VendorService;
  accessTokens: AccessTokens;
  /** The deployment's environment: a client is made for it ('san' clients never dispatch real riders). */
  environment: 'san' | 'stg' | 'prd';
  /** This server's token URL: the audience a client assertion must name (RFC 7523 §3). */
  tokenUrl: string;
  now: Clock;
  /** Callers of access tokens, kept briefly while revocations are heard (decision 161). */
  callers: CallerCache;
  /** When this instance last wrote a client's last_used_at (at most once a minute). */
  touchedAt: Map<string, number>;
}

/** Another merchant's client and no client at all answer alike. */
export const clientNotFound = () => keyedError(404, 'NotFound', 'merchant-api.error.client-not-found', 'clientId');
export const keyNotFound = () => keyedError(404, 'NotFound', 'merchant-api.error.key-not-found', 'keyId');
export const keyNotRsa2048 = () =>
  keyedError(400, 'InvalidParameterException', 'merchant-api.error.key-not-rsa-2048', 'public_key_pem');
export const tooManyKeys = () => keyedError(409, 'Conflict', 'merchant-api.error.too-many-keys', 'public_key_pem');
/** A client that signs in with its keys only has no secret to rotate (its keys are rotated instead). */
export const noSecret = () => keyedError(409, 'Conflict', 'merchant-api.error.no-secret', 'clientId');
export const outletNotInVendor = () =>
  keyedError(400, 'InvalidParameterException', 'merchant-api.error.outlet-not-in-vendor', 'outlet_ids');
