import { TOTP_SETTINGS } from '@riderdesk/domain/console/session';
import { Secret, TOTP } from 'otpauth';

/** A new TOTP secret (160 bits, as RFC 4226 recommends), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (secret: string, label = 'operator', issuer = '') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
  });

/** The otpauth:// URI an authenticator app reads (shown as a QR code and as text): issuer, account, secret. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  return totpOf(secret, account, issuer).toString();
}

/**
 * The 30-second step a code belongs to, if it is the secret's code at `at` or one step either side (clocks
 * drift), else null. The caller takes the step once (repo.takeTotpStep), so a code is never accepted twice.
 */
export function acceptedStep(secret: string, code: string, at: Date): number | null {
  const totp = totpOf(secret);
  const timestamp = at.getTime();
  const delta = totp.validate({ token: code, timestamp, window: TOTP_SETTINGS.window });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
