import type { ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import { describe, expect, it } from 'vitest';
import { groupedSecret, pageAfterSignIn, recoveryCodesText, SIGN_IN_START, signInReducer } from './sign-in-flow.ts';

const session = (codes: string[] | null): ConsoleSession => ({
  token: 't',
  expires_at: '2026-05-04T14:00:00.000Z',
  idle_timeout_s: 1800,
  operator: { id: 'o', email: 'a@riderdesk.pk', name: 'Ayesha', role: 'admin' },
  recovery_codes: codes,
  recovery_codes_left: codes?.length ?? 9,
});

describe('the console sign-in flow', () => {
  it('asks an enrolled operator for a code of the app, or a recovery code instead', () => {
    const code = signInReducer(SIGN_IN_START, { type: 'challenge', challenge: { step: 'code', challenge: 'c1' } });
    expect(code).toEqual({ step: 'code', challenge: 'c1', method: 'app' });
    const recovery = signInReducer(code, { type: 'use-recovery-code' });
    expect(recovery).toEqual({ step: 'code', challenge: 'c1', method: 'recovery' });
    expect(signInReducer(recovery, { type: 'use-app' })).toEqual(code);
    expect(signInReducer(code, { type: 'session', session: session(null) })).toEqual({
      step: 'signed-in',
      session: session(null),
    });
  });

  it('enrols the app first, then shows the recovery codes once before the console opens', () => {
    const enrol = signInReducer(SIGN_IN_START, {
      type: 'challenge',
      challenge: { step: 'enrol', challenge: 'c2', otpauth_uri: 'otpauth://totp/x?secret=ABC', secret: 'ABC' },
    });
    expect(enrol).toEqual({ step: 'enrol', challenge: 'c2', otpauthUri: 'otpauth://totp/x?secret=ABC', secret: 'ABC' });
    // Nothing but a session moves an enrolment on.
    expect(signInReducer(enrol, { type: 'use-recovery-code' })).toBe(enrol);
    const codes = signInReducer(enrol, { type: 'session', session: session(['aaaa-bbbb-cccc-dddd']) });
    expect(codes.step).toBe('recovery-codes');
    expect(signInReducer(codes, { type: 'codes-kept' })).toMatchObject({ step: 'signed-in' });
    expect(signInReducer(codes, { type: 'start-again' })).toEqual(SIGN_IN_START);
  });

  it('groups the key for typing and writes the codes as a file', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPJBSW')).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(recoveryCodesText(['aaaa-bbbb-cccc-dddd', 'eeee-ffff-gggg-hhhh'], 'a@riderdesk.pk', 'Riderdesk')).toBe(
      'Riderdesk operator console — recovery codes for a@riderdesk.pk\nEach code works once.\n\naaaa-bbbb-cccc-dddd\neeee-ffff-gggg-hhhh\n',
    );
  });

  it('opens the console page the operator was sent away from, and nothing outside the console', () => {
    expect(pageAfterSignIn(null)).toBe('/console');
    expect(pageAfterSignIn('/console/audit-log?operator_id=x')).toBe('/console/audit-log?operator_id=x');
    for (const elsewhere of [
      'https://evil.example/console',
      '//evil.example/console/x',
      '/history',
      '/consoles',
      '/console/sign-in',
      '/console/set-up#token=x',
      '/console/\\evil',
    ]) {
      expect(pageAfterSignIn(elsewhere), elsewhere).toBe('/console');
    }
  });
});
