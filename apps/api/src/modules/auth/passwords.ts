import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { AppConfig } from '../../config.ts';

// @node-rs/argon2 Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;

export type PasswordHashCost = AppConfig['passwordHashCost'];

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...cost });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Checks a password against a hash no password matches, at the cost of a real check: a login for an unknown
   * e-mail must take as long as one with a wrong password, or its speed tells which e-mails have accounts.
   */
  verifyAgainstNone(password: string): Promise<false>;
}

/** argon2id at the configured cost (ARCHITECTURE: m=19 MiB, t=2, p=1). */
export function passwordHasher(cost: PasswordHashCost): PasswordHasher {
  let unmatchable: Promise<string> | null = null;
  const hasher: PasswordHasher = {
    hash: (password) => hashPassword(password, cost),
    verify: (passwordHash, password) => verify(passwordHash, password),
    async verifyAgainstNone(password) {
      unmatchable ??= hashPassword(randomBytes(32).toString('base64url'), cost);
      await hasher.verify(await unmatchable, password);
      return false;
    },
  };
  return hasher;
}
