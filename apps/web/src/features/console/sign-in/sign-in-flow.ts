import type { ConsoleChallenge, ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import { CONSOLE_ROUTE_PATTERNS } from '@riderdesk/domain/paths';

/**
 * The console's sign-in as the page walks it (decision 169): the password (or, from a set-up link, the password
 * chosen), then a code of the app or a recovery code; the first time, the app's enrolment and the recovery codes
 * shown once before the console opens.
 */
export type SignInStep =
  | { step: 'password' }
  | { step: 'code'; challenge: string; method: 'app' | 'recovery' }
  | { step: 'enrol'; challenge: string; otpauthUri: string; secret: string }
  | { step: 'recovery-codes'; session: ConsoleSession }
  | { step: 'signed-in'; session: ConsoleSession };

export type SignInEvent =
  | { type: 'challenge'; challenge: ConsoleChallenge }
  | { type: 'use-recovery-code' }
  | { type: 'use-app' }
  | { type: 'session'; session: ConsoleSession }
  | { type: 'codes-kept' }
  | { type: 'start-again' };

export const SIGN_IN_START: SignInStep = { step: 'password' };

export function signInReducer(state: SignInStep, event: SignInEvent): SignInStep {
  switch (event.type) {
    case 'challenge':
      return event.challenge.step === 'enrol'
        ? {
            step: 'enrol',
            challenge: event.challenge.challenge,
            otpauthUri: event.challenge.otpauth_uri,
            secret: event.challenge.secret,
          }
        : { step: 'code', challenge: event.challenge.challenge, method: 'app' };
    case 'use-recovery-code':
    case 'use-app':
      if (state.step !== 'code') return state;
      return { ...state, method: event.type === 'use-app' ? 'app' : 'recovery' };
    case 'session':
      // Recovery codes come once, at enrolment: they are shown before the console opens.
      return event.session.recovery_codes
        ? { step: 'recovery-codes', session: event.session }
        : { step: 'signed-in', session: event.session };
    case 'codes-kept':
      return state.step === 'recovery-codes' ? { step: 'signed-in', session: state.session } : state;
    case 'start-again':
      return SIGN_IN_START;
  }
}

/** The secret as an app's "enter a key" field takes it, in groups of four for reading aloud or typing. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The recovery codes as a text file: one a line, with what they are for. */
export function recoveryCodesText(codes: readonly string[], account: string, serviceName: string): string {
  return [
    `${serviceName} operator console — recovery codes for ${account}`,
    'Each code works once.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Where a signed-in operator goes: the console page they were sent away from (`next`), when it is one of the
 * console's own, else the console's home. Never another site nor the merchant's pages.
 */
export function pageAfterSignIn(next: string | null): string {
  const home = CONSOLE_ROUTE_PATTERNS.console;
  if (!next) return home;
  const isConsolePage = next === home || (next.startsWith(`${home}/`) && !next.startsWith('//'));
  const isSignInPage =
    next.startsWith(CONSOLE_ROUTE_PATTERNS.consoleSignIn) || next.startsWith(CONSOLE_ROUTE_PATTERNS.consoleSetUp);
  return isConsolePage && !isSignInPage && !/[\\\s]/.test(next) ? next : home;
}
