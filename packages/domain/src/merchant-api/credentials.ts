/**
 * The rules of merchant API credentials (issue 35, decision 151): OAuth 2.0 client credentials as pandago
 * takes them (RFC 6749 §4.4), the client authenticated by an RS256 assertion (RFC 7523) or a client secret.
 */

/** Where the merchant API is mounted, beside the portal's /api/v1. */
export const MERCHANT_API_BASE = '/merchant/api/v1';
export const TOKEN_PATH = '/oauth2/token';

export const CLIENT_CREDENTIALS_GRANT = 'client_credentials';
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** An access token is valid for an hour, as pandago's. */
export const API_ACCESS_TOKEN_TTL_S = 60 * 60;
/** An assertion may be valid for at most this long from now; its jti is kept (single use) until it expires. */
export const ASSERTION_MAX_LIFETIME_S = 15 * 60;
/** Two keys are live at once while a client switches from one to the next. */
export const MAX_LIVE_KEYS = 2;
/** Public keys are RSA 2048 (RS256), as pandago's. */
export const API_KEY_MODULUS_BITS = 2048;

/**
 * A rotated client secret keeps working beside the new one for one of these many hours (decision 167), so the
 * merchant's system switches without a refused call; 0 stops it at once (a secret that leaked).
 */
export const PREVIOUS_SECRET_HOURS = [24, 1, 0] as const;
export type PreviousSecretHours = (typeof PREVIOUS_SECRET_HOURS)[number];

/** When a secret rotated at `at` stops, or null when it stops at once. */
export function previousSecretExpiry(at: Date, hours: PreviousSecretHours): Date | null {
  return hours === 0 ? null : new Date(at.getTime() + hours * 60 * 60 * 1000);
}

export const API_CLIENT_SCOPES = ['all', 'outlets'] as const;
export type ApiClientScope = (typeof API_CLIENT_SCOPES)[number];

/** Why an assertion's `exp` (unix seconds) is refused at `nowSeconds`, or null when it is acceptable. */
export function assertionExpiryProblem(exp: number, nowSeconds: number): 'expired' | 'too-far' | null {
  if (exp <= nowSeconds) return 'expired';
  if (exp - nowSeconds > ASSERTION_MAX_LIFETIME_S) return 'too-far';
  return null;
}

/**
 * The vendors a client acts for: its vendor's tree (the vendor and its outlets) for 'all', else the chosen
 * outlets that are still in that tree.
 */
export function clientVendorIds(scope: ApiClientScope, tree: readonly string[], chosen: readonly string[]): string[] {
  if (scope === 'all') return [...tree];
  const inTree = new Set(tree);
  return chosen.filter((id) => inTree.has(id));
}

/** The chosen outlets that are not in the vendor's tree (a client may not be given another merchant's). */
export function outletsOutsideTree(chosen: readonly string[], tree: readonly string[]): string[] {
  const inTree = new Set(tree);
  return chosen.filter((id) => !inTree.has(id));
}
