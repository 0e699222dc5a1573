import {
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_TTL_MS,
  RECOVERY_CODE_COUNT,
} from '@riderdesk/domain/console/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_TTL_MS } from '../src/modules/auth/tokens.ts';
import { runCommand } from '../src/ops/commands.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import {
  auditEntriesOf,
  CONSOLE_API,
  consoleHeaders,
  createOperator,
  nextCode,
  setUpTokenOf,
  signInOperator,
  type TestOperator,
  totpCode,
} from './support/console.ts';
import { PASSWORD, uniqueId } from './support/factories.ts';

/** The console's accounts and sign-in (issue 36, decision 169): set-up links, TOTP, recovery codes, sessions. */
describe.each(databases())('console sign-in on %s', (kind) => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await createOperator(t, { role: 'admin', name: 'Ayesha Admin' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `${CONSOLE_API}${url}`, payload, headers });
  const keyOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key;

  it('makes an operator from the command line, whose link sets a password and enrols the app', async () => {
    const email = `${uniqueId('first')}@riderdesk.test`;
    const printed = await runCommand({ db: t.db, config: t.config, now: t.clock.now }, [
      'create-operator',
      '--email',
      email.toUpperCase(),
      '--role',
      'support',
      '--name',
      'Bilal Support',
    ]);
    expect(printed).toMatch(/^created operator .+ \(support, [0-9a-f-]{36}\)/);
    const link = printed.split('\n').at(-1)!;
    expect(link).toMatch(/^http:\/\/riderdesk\.test\/console\/set-up#token=[\w-]{43}$/);
    const token = setUpTokenOf(link);

    const inspected = await call('POST', '/set-up/inspect', { token });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.json()).toEqual({ email, name: 'Bilal Support', role: 'support' });

    const weak = await call('POST', '/set-up', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(keyOf(weak)).toBe('register.error.password');

    const setUp = await call('POST', '/set-up', { token, password: PASSWORD });
    expect(setUp.statusCode).toBe(200);
    const enrol = setUp.json();
    expect(enrol.step).toBe('enrol');
    expect(enrol.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(enrol.otpauth_uri).toContain(`secret=${enrol.secret}`);
    // The link works once.
    expect((await call('POST', '/set-up', { token, password: PASSWORD })).statusCode).toBe(404);
    expect((await call('POST', '/set-up/inspect', { token })).statusCode).toBe(404);

    const step = Math.floor(t.clock.now().getTime() / 30_000);
    const wrong = await call('POST', '/sign-in/code', {
      challenge: enrol.challenge,
      code: totpCode(enrol.secret, step + 5),
    });
    expect(wrong.statusCode).toBe(401);
    expect(keyOf(wrong)).toBe('console.error.code-wrong');
    const session = await call('POST', '/sign-in/code', {
      challenge: enrol.challenge,
      code: totpCode(enrol.secret, step),
    });
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body.operator).toMatchObject({ email, name: 'Bilal Support', role: 'support' });
    expect(body.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(body.recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(body.idle_timeout_s).toBe(CONSOLE_SESSION_IDLE_MS / 1000);
    expect(new Date(body.expires_at).getTime()).toBe(t.clock.now().getTime() + CONSOLE_SESSION_TTL_MS);

    const me = await call('GET', '/me', undefined, consoleHeaders(body.token));
    expect(me.statusCode).toBe(200);
    expect(me.json().operator).toMatchObject({ email, role: 'support' });

    // Every step is in the audit log, the command line's as nobody's; no entry holds a secret or a hash.
    const entries = await auditEntriesOf(t, admin, { type: 'operator', id: body.operator.id });
    expect(entries.map((entry) => entry.action)).toEqual([
      'operator.sign-in',
      'operator.enrol',
      'operator.set-up',
      'operator.create',
    ]);
    const created = entries.at(-1)!;
    expect(created.operator).toBeNull();
    expect(created.before).toBeNull();
    expect(created.after).toEqual({
      email,
      name: 'Bilal Support',
      role: 'support',
      status: 'invited',
      has_second_factor: false,
    });
    expect(entries[2]).toMatchObject({ before: { status: 'invited' }, after: { status: 'active' } });
    expect(entries[1]).toMatchObject({ before: { has_second_factor: false }, after: { has_second_factor: true } });
    expect(entries[0]).toMatchObject({ after: { second_factor: 'enrolment' } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(enrol.secret);
    expect(text).not.toContain('argon2');
  });

  it('gives a new link, from the command line, to an operator who has not set up; never to one who has', async () => {
    const email = `${uniqueId('late')}@riderdesk.test`;
    const ctx = { db: t.db, config: t.config, now: t.clock.now };
    const first = await runCommand(ctx, ['create-operator', '--email', email, '--role', 'finance']);
    const second = await runCommand(ctx, ['create-operator', '--email', email, '--role', 'finance']);
    expect(second).toMatch(/^a new set-up link for operator/);
    expect((await call('POST', '/set-up/inspect', { token: setUpTokenOf(first.split('\n').at(-1)!) })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/set-up/inspect', { token: setUpTokenOf(second.split('\n').at(-1)!) })).json()).toEqual(
      { email, name: email.split('@')[0], role: 'finance' },
    );
    await expect(runCommand(ctx, ['create-operator', '--email', admin.email, '--role', 'admin'])).rejects.toThrow(
      /has set up already/,
    );
    await expect(runCommand(ctx, ['create-operator', '--email', 'nobody', '--role', 'admin'])).rejects.toThrow(
      /--email/,
    );
    await expect(runCommand(ctx, ['create-operator', '--email', email, '--role', 'owner'])).rejects.toThrow(/--role/);
  });

  it('signs in with the password and a code of the app, each code once', async () => {
    const operator = await createOperator(t, { role: 'operations' });
    const challenge = await call('POST', '/sign-in', { email_address: operator.email, password: operator.password });
    expect(challenge.statusCode).toBe(200);
    expect(Object.keys(challenge.json()).sort()).toEqual(['challenge', 'step']);
    expect(challenge.json().step).toBe('code');

    const code = nextCode(t, operator);
    const first = await call('POST', '/sign-in/code', { challenge: challenge.json().challenge, code });
    expect(first.statusCode).toBe(200);
    expect(first.json().recovery_codes).toBeNull();
    expect(first.json().recovery_codes_left).toBe(RECOVERY_CODE_COUNT);
    // The same code again, even with a new challenge, is refused (RFC 6238 §5.2).
    const again = await call('POST', '/sign-in', { email_address: operator.email, password: operator.password });
    const replay = await call('POST', '/sign-in/code', { challenge: again.json().challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(keyOf(replay)).toBe('console.error.code-wrong');
  });

  it('answers one refusal for an unknown e-mail, a wrong password and an operator not set up', async () => {
    const invited = `${uniqueId('invited')}@riderdesk.test`;
    await t.services.operators.createFromCommandLine({ email: invited, name: 'Invited', role: 'support' });
    for (const [email, password] of [
      [`${uniqueId('nobody')}@riderdesk.test`, PASSWORD],
      [admin.email, 'Wrong#Password1'],
      [invited, PASSWORD],
    ]) {
      const response = await call('POST', '/sign-in', { email_address: email, password }, {});
      expect(response.statusCode).toBe(401);
      expect(keyOf(response)).toBe('console.error.sign-in-failed');
    }
  });

  it('refuses an altered or stale challenge, and a challenge for the other step', async () => {
    const operator = await createOperator(t, { role: 'finance' });
    const challenge = (
      await call('POST', '/sign-in', { email_address: operator.email, password: operator.password })
    ).json().challenge as string;
    const altered = `${challenge.slice(0, -2)}${challenge.endsWith('AA') ? 'BB' : 'AA'}`;
    const code = nextCode(t, operator);
    const forged = await call('POST', '/sign-in/code', { challenge: altered, code });
    expect(forged.statusCode).toBe(401);
    expect(keyOf(forged)).toBe('console.error.challenge-expired');

    // An enrolment challenge of an operator who has enrolled since (in another tab) no longer fits.
    const email = `${uniqueId('tabs')}@riderdesk.test`;
    const { link } = await t.services.operators.createFromCommandLine({ email, name: 'Two Tabs', role: 'support' });
    const tabA = (await call('POST', '/set-up', { token: setUpTokenOf(link), password: PASSWORD })).json();
    const tabB = (await call('POST', '/sign-in', { email_address: email, password: PASSWORD })).json();
    expect(tabB.step).toBe('enrol');
    const step = Math.floor(t.clock.now().getTime() / 30_000);
    expect(
      (await call('POST', '/sign-in/code', { challenge: tabB.challenge, code: totpCode(tabB.secret, step) }))
        .statusCode,
    ).toBe(200);
    const late = await call('POST', '/sign-in/code', { challenge: tabA.challenge, code: totpCode(tabA.secret, step) });
    expect(late.statusCode).toBe(401);
    expect(keyOf(late)).toBe('console.error.challenge-expired');

    t.clock.advance(5 * 60_000 + 1000);
    const stale = await call('POST', '/sign-in/code', { challenge, code: nextCode(t, operator) });
    expect(stale.statusCode).toBe(401);
    expect(keyOf(stale)).toBe('console.error.challenge-expired');
  });

  it('takes each recovery code once, in any case and with or without dashes', async () => {
    const operator = await createOperator(t, { role: 'support' });
    const [code] = operator.recoveryCodes as [string];
    const challenge = async () =>
      (await call('POST', '/sign-in', { email_address: operator.email, password: operator.password })).json()
        .challenge as string;

    const used = await call('POST', '/sign-in/code', {
      challenge: await challenge(),
      recovery_code: code.toUpperCase().replaceAll('-', ' '),
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
    const again = await call('POST', '/sign-in/code', { challenge: await challenge(), recovery_code: code });
    expect(again.statusCode).toBe(401);
    expect(keyOf(again)).toBe('console.error.code-wrong');

    const entries = await auditEntriesOf(t, admin, { type: 'operator', id: operator.id });
    expect(entries[0]).toMatchObject({ action: 'operator.sign-in', after: { second_factor: 'recovery-code' } });
    expect(entries[1]).toMatchObject({
      action: 'operator.recovery-code-used',
      operator: { id: operator.id },
      before: { recovery_codes_left: RECOVERY_CODE_COUNT },
      after: { recovery_codes_left: RECOVERY_CODE_COUNT - 1 },
    });
  });

  it('ends a session after its idle time, and at its end whatever the calls', async () => {
    // A console session is shorter than a merchant's login.
    expect(CONSOLE_SESSION_TTL_MS).toBeLessThan(REFRESH_TOKEN_TTL_MS);
    const operator = await createOperator(t, { role: 'support' });
    t.clock.advance(CONSOLE_SESSION_IDLE_MS - 60_000);
    expect((await call('GET', '/me', undefined, operator.headers)).statusCode).toBe(200);
    t.clock.advance(CONSOLE_SESSION_IDLE_MS + 1000);
    const idle = await call('GET', '/me', undefined, operator.headers);
    expect(idle.statusCode).toBe(401);
    expect(keyOf(idle)).toBe('console.error.not-signed-in');

    const busy = await signInOperator(t, operator);
    for (let at = 0; at < CONSOLE_SESSION_TTL_MS - 20 * 60_000; at += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect((await call('GET', '/me', undefined, busy.headers)).statusCode).toBe(200);
    }
    t.clock.advance(20 * 60_000);
    expect((await call('GET', '/me', undefined, busy.headers)).statusCode).toBe(401);
  });

  it('keeps the second factor through an AUTH_SECRET rotation, sealing it again under the new secret', async () => {
    const operator = await createOperator(t, { role: 'finance' });
    const newSecret = 'rotated-secret-rotated-secret-rotated-0123456789';
    const during = await buildTestApp({
      db: t.db,
      start: t.clock.now(),
      config: { authSecret: newSecret, previousAuthSecrets: [t.config.authSecret] },
    });
    const signInOn = async (app: TestApp) => {
      const challenge = await app.app.inject({
        method: 'POST',
        url: `${CONSOLE_API}/sign-in`,
        payload: { email_address: operator.email, password: operator.password },
      });
      return app.app.inject({
        method: 'POST',
        url: `${CONSOLE_API}/sign-in/code`,
        payload: { challenge: challenge.json().challenge, code: nextCode(app, operator) },
      });
    };
    try {
      expect((await signInOn(during)).statusCode).toBe(200);
    } finally {
      await during.close();
    }
    // Sealed again at that sign-in: the old secret is no longer needed.
    const after = await buildTestApp({
      db: t.db,
      start: during.clock.now(),
      config: { authSecret: newSecret, previousAuthSecrets: [] },
    });
    try {
      expect((await signInOn(after)).statusCode).toBe(200);
    } finally {
      await after.close();
    }
    // Rotated again without the previous secret: the app's codes cannot be checked, a recovery code still works.
    const lost = await buildTestApp({
      db: t.db,
      start: t.clock.now(),
      config: { authSecret: 'another-secret-another-secret-another-0123456789', previousAuthSecrets: [] },
    });
    try {
      const refused = await signInOn(lost);
      expect(refused.statusCode).toBe(401);
      expect(keyOf(refused)).toBe('console.error.second-factor-unreadable');
      const challenge = await lost.app.inject({
        method: 'POST',
        url: `${CONSOLE_API}/sign-in`,
        payload: { email_address: operator.email, password: operator.password },
      });
      const recovered = await lost.app.inject({
        method: 'POST',
        url: `${CONSOLE_API}/sign-in/code`,
        payload: { challenge: challenge.json().challenge, recovery_code: operator.recoveryCodes[0] },
      });
      expect(recovered.statusCode).toBe(200);
    } finally {
      await lost.close();
    }
  });

  it('ends the session on sign-out', async () => {
    const operator = await createOperator(t, { role: 'finance' });
    const other = await signInOperator(t, operator);
    expect((await call('POST', '/sign-out', undefined, operator.headers)).statusCode).toBe(204);
    expect((await call('GET', '/me', undefined, operator.headers)).statusCode).toBe(401);
    // Only that session: the operator's other one goes on.
    expect((await call('GET', '/me', undefined, other.headers)).statusCode).toBe(200);
  });

  describe('with few attempts allowed', () => {
    let limited: TestApp;
    beforeAll(async () => {
      // The set-up links are counted per address too: each operator here sets up from an address of its own.
      limited = await buildTestApp({ db: t.db, env: { RATE_LIMIT_AUTH: '5' } });
    });
    afterAll(() => limited.close());

    it('refuses codes after too many wrong ones for the operator, whatever the address', async () => {
      const operator = await createOperator(limited, { role: 'support' });
      const challenge = (
        await limited.app.inject({
          method: 'POST',
          url: `${CONSOLE_API}/sign-in`,
          payload: { email_address: operator.email, password: operator.password },
        })
      ).json().challenge as string;
      const step = Math.floor(limited.clock.now().getTime() / 30_000);
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: `${CONSOLE_API}/sign-in/code`,
          remoteAddress: `203.0.113.${attempt + 1}`,
          payload: { challenge, code: totpCode(operator.app.secret, step + 10 + attempt) },
        });
        expect(response.statusCode).toBe(401);
      }
      const refused = await limited.app.inject({
        method: 'POST',
        url: `${CONSOLE_API}/sign-in/code`,
        payload: { challenge, code: nextCode(limited, operator) },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });

    it('refuses passwords after too many wrong ones for the address and e-mail', async () => {
      const operator = await createOperator(limited, { role: 'finance' });
      const from = { remoteAddress: '198.51.100.7' };
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: `${CONSOLE_API}/sign-in`,
          ...from,
          payload: { email_address: operator.email, password: 'Wrong#Password1' },
        });
        expect(response.statusCode).toBe(401);
      }
      const refused = await limited.app.inject({
        method: 'POST',
        url: `${CONSOLE_API}/sign-in`,
        ...from,
        payload: { email_address: operator.email, password: operator.password },
      });
      expect(refused.statusCode).toBe(429);
    });
  });
});
