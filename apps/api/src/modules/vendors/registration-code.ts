import { randomInt } from 'node:crypto';

// No 0/O, 1/I: the code is read off a screen or a letter and typed in.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A vendor-code registration code (spec §5 registration with a vendor code). */
export function newRegistrationCode(): string {
  return Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
