import { describe, expect, it } from 'vitest';
import { frameTokenOf, isHelpCentreShown, subjectOf } from './help-centre-rules.ts';

describe('isHelpCentreShown (spec §2)', () => {
  const base = { flag: true, mode: 'CLASSIC' as const, isGuest: false, hasSession: true };
  it('shows for a signed-in merchant with the flag on', () => expect(isHelpCentreShown(base)).toBe(true));
  it.each([
    ['the Helpcenter flag is off', { flag: false }],
    ['on GODROID', { mode: 'GODROID' as const }],
    ['for a guest', { isGuest: true, mode: 'GUEST' as const }],
    ['without a session', { hasSession: false }],
  ])('hides when %s', (_name, change) => expect(isHelpCentreShown({ ...base, ...change })).toBe(false));
});

describe('frame tokens', () => {
  const jwt = `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: 'user-1' })).replace(/=+$/, '')}.sig_-1`;
  it('reads the token from the fragment only when it looks like a JWT', () => {
    expect(frameTokenOf(`#token=${jwt}`)).toBe(jwt);
    expect(frameTokenOf('#token=<script>')).toBeNull();
    expect(frameTokenOf('')).toBeNull();
  });
  it('reads the subject without verifying', () => {
    expect(subjectOf(jwt)).toBe('user-1');
    expect(subjectOf('garbage')).toBeNull();
  });
});
