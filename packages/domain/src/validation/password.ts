import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS, RESET_CODE_LENGTH } from '../constants.ts';

export const PASSWORD_RULES = [
  'password.min-length',
  'password.number',
  'password.uppercase',
  'password.lowercase',
  'password.letter',
  'password.special',
] as const;

export type PasswordRule = (typeof PASSWORD_RULES)[number];

const SPECIAL_CHARACTERS = new Set(PASSWORD_SPECIAL_CHARACTERS);

const RULE_CHECKS: Record<PasswordRule, (password: string) => boolean> = {
  'password.min-length': (password) => Array.from(password).length >= PASSWORD_MIN_LENGTH,
  'password.number': (password) => /[0-9]/.test(password),
  'password.uppercase': (password) => /[A-Z]/.test(password),
  'password.lowercase': (password) => /[a-z]/.test(password),
  'password.letter': (password) => /[A-Za-z]/.test(password),
  'password.special': (password) => Array.from(password).some((char) => SPECIAL_CHARACTERS.has(char)),
};

/** spec §5 "Accounts": the rules the password does not meet yet, in display order; empty when valid. */
export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !RULE_CHECKS[rule](password));
}

export function isValidPassword(password: string): boolean {
  return unmetPasswordRules(password).length === 0;
}

export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}

export const RESET_CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);
