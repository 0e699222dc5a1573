/**
 * The operator console's session and second factor (issue 36, decision 169).
 *
 * A merchant's login lasts 30 days, renewed by its refresh token (apps/api auth/tokens.ts REFRESH_TOKEN_TTL_MS);
 * an operator acts for every merchant at once, so a console session is far shorter and is never renewed: it ends
 * CONSOLE_SESSION_TTL_MS after the sign-in, or CONSOLE_SESSION_IDLE_MS after its last call, whichever comes first.
 */
export const CONSOLE_SESSION_TTL_MS = 8 * 60 * 60_000;
export const CONSOLE_SESSION_IDLE_MS = 30 * 60_000;
/** How often a session's last call is written down: the idle limit is measured to within this. */
export const CONSOLE_SESSION_SEEN_EVERY_MS = 60_000;

/** Between the password and the second factor: the challenge the password step answers lives this long. */
export const SIGN_IN_CHALLENGE_TTL_S = 5 * 60;

/** A set-up link (the first operator's, an invitation's) works once, within this time. */
export const OPERATOR_SET_UP_TTL_MS = 72 * 60 * 60_000;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; one step either side. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30, window: 1 } as const;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** Recovery codes given at enrolment: each works once, in place of a code of the app. */
export const RECOVERY_CODE_COUNT = 10;
// 16 characters of base32 (80 bits), in four groups: enough that a stored sha256 cannot be reversed by trying.
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{4}(?:-[a-z2-7]{4}){3}$/;

/** A recovery code as typed (any case, with or without dashes and spaces) in its written form, or null. */
export function normaliseRecoveryCode(typed: string): string | null {
  const letters = typed.toLowerCase().replace(/[\s-]/g, '');
  if (!/^[a-z2-7]{16}$/.test(letters)) return null;
  return letters.match(/.{4}/g)?.join('-') ?? null;
}
