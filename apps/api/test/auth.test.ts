import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_MAIL_QUEUE } from '../src/modules/auth/service.ts';
import { godroidToken, createVendor as opsCreateVendor, vendorCode } from '../src/ops/commands.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { bearer, createUser, createVendor, login, outbox, PASSWORD, uniqueId } from './support/factories.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databases())('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

  async function vendorWithCode() {
    const vendor = await createVendor(t.db, { contact_email: `${uniqueId('owner')}@shop.pk` });
    const { code } = await vendorCode({ db: t.db, config: t.config }, vendor.vendor_id);
    return { vendor, code, vendorEmail: vendor.contact_email! };
  }

  async function verificationLink(email: string): Promise<string> {
    const [message] = await outbox(t.app, email);
    const link = message?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no verification link for ${email}`);
    return link;
  }

  describe('registration', () => {
    it('links a user to the outlet of a vendor code (PV) and e-mails a verification link', async () => {
      const { vendor, code, vendorEmail } = await vendorWithCode();
      const email = `${uniqueId('pv')}@example.pk`;
      const response = await post('/register', {
        registration_type: 'PV',
        vendor_code: code.toLowerCase(),
        vendor_email: vendorEmail.toUpperCase(),
        email_address: email,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toMatchObject({ email, verification_required: true });
      const link = await verificationLink(email);
      expect(link).toMatch(/^http:\/\/riderdesk\.test\/api\/v1\/register\/verify\?token=/);

      // Unconfirmed until the link is opened.
      const early = await post('/login', { email_address: email, password: PASSWORD });
      expect(early.json()).toMatchObject({ status: 403, code: 'UserNotConfirmedException' });
      const verify = await t.app.inject({ method: 'GET', url: link.replace('http://riderdesk.test', '') });
      expect(verify.statusCode).toBe(302);
      expect(verify.headers.location).toBe('/?verified=1');

      const tokens = await login(t.app, email);
      const vendors = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: bearer(tokens) });
      expect(vendors.json().result.vendors.map((v: { vendor_id: string }) => v.vendor_id)).toEqual([vendor.vendor_id]);
      expect(vendors.json().result.vendors[0].is_registered).toBe(true);
    });

    it('creates a new vendor without coordinates for a business (NPV)', async () => {
      const email = `${uniqueId('npv')}@example.pk`;
      const response = await post('/register', {
        registration_type: 'NPV',
        business_name: 'Lahori Nihari',
        mobile_number: '+923001234567',
        vat_number: '12345678',
        email_address: email,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      await t.app.inject({ method: 'GET', url: (await verificationLink(email)).replace('http://riderdesk.test', '') });
      const tokens = await login(t.app, email);
      const { vendors } = (
        await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: bearer(tokens) })
      ).json().result;
      expect(vendors).toHaveLength(1);
      expect(vendors[0].vendor_id).toMatch(/^npv-/);
      expect(vendors[0]).toMatchObject({ name: 'Lahori Nihari', is_parent: false, is_active: true });
      expect(vendors[0].vendor_information).toMatchObject({
        currency: 'PKR',
        owners: [email],
        contact: { phone: '+923001234567' },
        location: { latitude: null, longitude: null, country_code: 'PK' },
      });
    });

    it('reads an empty or blank VAT number as none and refuses one that is not 8 characters', async () => {
      const register = (vatNumber: string, businessName = 'Lahori Nihari') =>
        post('/register', {
          registration_type: 'NPV',
          business_name: businessName,
          mobile_number: '+923001234567',
          vat_number: vatNumber,
          email_address: `${uniqueId('vat')}@example.pk`,
          password: PASSWORD,
        });
      for (const [vatNumber, stored] of [
        ['', null],
        ['   ', null],
        [' PK123456 ', 'PK123456'],
      ] as const) {
        const response = await register(vatNumber);
        expect(response.statusCode).toBe(200);
        const [row] = await t.db.query(
          'select v.vat_number from vendors v join user_vendors l on l.vendor_id = v.vendor_id where l.user_id = $1',
          [response.json().result.user_id],
        );
        expect(row).toEqual({ vat_number: stored });
      }
      const refused = await register('PK12345');
      expect(refused.statusCode).toBe(400);
      // spec §7: the browser shows the first error's translation key.
      expect(refused.json().errors[0].meta.translation_key).toBe('validation.vat-number');
    });

    it.each([
      ['business name', { business_name: 'Lahori\u0000Nihari' }],
      ['mobile number', { mobile_number: '+92300\u00001234567' }],
      ['vendor code', { registration_type: 'PV', vendor_code: 'CODE\u0000', vendor_email: 'owner@shop.pk' }],
    ])('refuses a NUL byte in the %s with 400', async (_name, change) => {
      const response = await post('/register', {
        registration_type: 'NPV',
        business_name: 'Lahori Nihari',
        mobile_number: '+923001234567',
        email_address: `${uniqueId('nul')}@example.pk`,
        password: PASSWORD,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ValidationError');
    });

    it('refuses with the translation key of the first failing rule (spec §5)', async () => {
      const { code, vendorEmail } = await vendorWithCode();
      const taken = await createUser(t.db, t.config);
      const base = {
        registration_type: 'PV',
        vendor_code: code,
        vendor_email: vendorEmail,
        email_address: `${uniqueId('x')}@example.pk`,
        password: PASSWORD,
      };
      const failures: [object, string, string][] = [
        [{ vendor_code: 'WRONG123' }, 'register.error.vendor-code', 'InvalidParameterException'],
        [{ vendor_email: 'someone@else.pk' }, 'register.error.vendor-email', 'InvalidParameterException'],
        [{ email_address: taken.email }, 'register.error.email-registered', 'UsernameExistsException'],
        [{ password: 'password' }, 'register.error.password', 'InvalidPasswordException'],
        [{ password: 'Password1' }, 'register.error.password', 'InvalidPasswordException'],
      ];
      for (const [change, key, code] of failures) {
        const response = await post('/register', { ...base, ...change });
        expect(response.statusCode, key).toBe(400);
        const body = response.json();
        expect(body.code).toBe(code);
        expect(body.errors[0].meta.translation_key).toBe(key);
      }
      const npvTaken = await post('/register', {
        registration_type: 'NPV',
        business_name: 'Dup',
        mobile_number: '+923001234567',
        email_address: taken.email.toUpperCase(),
        password: PASSWORD,
      });
      expect(npvTaken.json().errors[0].meta.translation_key).toBe('register.error.email-registered');

      expect((await post('/register', base)).statusCode).toBe(200);
      const linked = await post('/register', { ...base, email_address: `${uniqueId('y')}@example.pk` });
      expect(linked.statusCode).toBe(400);
      expect(linked.json().errors[0].meta.translation_key).toBe('register.error.outlet-linked');
    });

    it('answers a malformed registration with a field entry per issue', async () => {
      const response = await post('/register', { registration_type: 'PV', email_address: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('ValidationError');
      const fields = body.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['vendor_code', 'vendor_email', 'email_address', 'password']));
      for (const error of body.errors) expect(error.meta.translation_key).toMatch(/^validation\./);
    });

    it('honours a verification link once and never after 24 hours', async () => {
      const register = async () => {
        const email = `${uniqueId('v')}@example.pk`;
        await post('/register', {
          registration_type: 'NPV',
          business_name: 'Link Test',
          mobile_number: '+923001234567',
          email_address: email,
          password: PASSWORD,
        });
        return { email, path: (await verificationLink(email)).replace('http://riderdesk.test', '') };
      };
      const used = await register();
      expect((await t.app.inject({ method: 'GET', url: used.path })).headers.location).toBe('/?verified=1');
      expect((await t.app.inject({ method: 'GET', url: used.path })).headers.location).toBe('/?verified=0');

      const late = await register();
      t.clock.advance(DAY_MS + 1000);
      try {
        expect((await t.app.inject({ method: 'GET', url: late.path })).headers.location).toBe('/?verified=0');
      } finally {
        t.clock.advance(-(DAY_MS + 1000));
      }
      const edited = await register();
      await t.db.query(
        `update email_verifications set expires_at = $2
          where user_id = (select id from users where email = $1)`,
        [edited.email, new Date(t.clock.now().getTime() - 60_000)],
      );
      expect((await t.app.inject({ method: 'GET', url: edited.path })).headers.location).toBe('/?verified=0');
      const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/register/verify?token=nope' });
      expect(unknown.headers.location).toBe('/?verified=0');
    });
  });

  describe('login', () => {
    it('answers a token set whose tokens carry the user and session', async () => {
      const user = await createUser(t.db, t.config);
      const response = await post('/login', { email_address: user.email.toUpperCase(), password: PASSWORD });
      expect(response.statusCode).toBe(200);
      const { AccessToken, IdToken, RefreshToken, Expires } = response.json().result;
      const access = decodeJwt(AccessToken);
      const id = decodeJwt(IdToken);
      expect(access).toMatchObject({ sub: user.id, typ: 'access' });
      expect(typeof access.sid).toBe('string');
      expect(id).toMatchObject({ sub: user.id, typ: 'id', email: user.email });
      expect(Expires).toBe(access.exp);
      expect(Expires - Math.floor(t.clock.now().getTime() / 1000)).toBe(3600);
      expect(RefreshToken).toMatch(/^[\w-]{43}$/);
      const stored = await t.db.query<{ refresh_token_hash: string }>(
        'select refresh_token_hash from sessions where id = $1',
        [access.sid as string],
      );
      expect(stored[0]!.refresh_token_hash).not.toBe(RefreshToken);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer({ AccessToken, IdToken }) });
      expect(me.json()).toEqual({ result: { id: user.id, email: user.email } });
    });

    it('answers each failure with its spec §8 code as code and message', async () => {
      const user = await createUser(t.db, t.config);
      const unconfirmed = await createUser(t.db, t.config, { confirmed: false });
      const flagged = await createUser(t.db, t.config);
      await t.db.query('update users set password_reset_required = true where id = $1', [flagged.id]);
      const cases: [object, number, string][] = [
        [{ email_address: user.email, password: 'Wrong#2026' }, 401, 'NotAuthorizedException'],
        [{ email_address: 'nobody@example.pk', password: PASSWORD }, 401, 'NotAuthorizedException'],
        [{ email_address: unconfirmed.email, password: PASSWORD }, 403, 'UserNotConfirmedException'],
        [{ email_address: flagged.email, password: PASSWORD }, 403, 'PasswordResetRequiredException'],
      ];
      for (const [body, status, code] of cases) {
        const response = await post('/login', body);
        expect(response.statusCode, code).toBe(status);
        expect(response.json()).toMatchObject({ status, code, message: code });
      }
    });

    it('accepts the three authorisation header forms of spec §7', async () => {
      const user = await createUser(t.db, t.config);
      const tokens = await login(t.app, user.email);
      const me = (authorization: string) =>
        t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
      expect((await me(`Bearer ${tokens.AccessToken}|${tokens.IdToken}`)).statusCode).toBe(200);
      expect((await me(`Bearer ${tokens.AccessToken}`)).statusCode).toBe(200);
      expect((await me(`Bearer ${tokens.IdToken}`)).statusCode).toBe(401);
      expect((await me(`Bearer ${tokens.AccessToken}|garbage`)).statusCode).toBe(401);
      expect((await me('Basic abc')).statusCode).toBe(401);
      const missing = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
      expect(missing.json()).toMatchObject({ status: 401, code: 'NotAuthorizedException' });

      t.clock.advance(3601 * 1000);
      try {
        expect((await me(`Bearer ${tokens.AccessToken}`)).statusCode).toBe(401);
      } finally {
        t.clock.advance(-3601 * 1000);
      }
    });

    it('lets a GoDroid token act for its restaurant only', async () => {
      const ctx = { db: t.db, config: t.config };
      const parent = uniqueId('gd');
      await opsCreateVendor(ctx, { id: parent, name: 'GoDroid Parent', isParent: true });
      await opsCreateVendor(ctx, {
        id: `${parent}-1`,
        name: 'Outlet',
        parentId: parent,
        latitude: 24.8,
        longitude: 67,
      });
      const other = await createVendor(t.db);
      const token = await godroidToken(ctx, parent);
      const headers = { authorization: `GoDroid ${token}` };
      const vendors = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers });
      expect(vendors.json().result.vendors.map((v: { vendor_id: string }) => v.vendor_id)).toEqual([
        parent,
        `${parent}-1`,
      ]);
      const forbidden = await t.app.inject({ method: 'GET', url: `/api/v1/vendor/${other.vendor_id}`, headers });
      expect(forbidden.statusCode).toBe(403);
      expect((await post('/logout', {}, headers)).json()).toEqual({ result: false });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers })).statusCode).toBe(403);
      // An access token is not a GoDroid token.
      const user = await createUser(t.db, t.config);
      const tokens = await login(t.app, user.email);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/api/v1/vendors',
        headers: { authorization: `GoDroid ${tokens.AccessToken}` },
      });
      expect(wrong.statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    it('rotates the refresh token and revokes the login when a rotated one comes back', async () => {
      const user = await createUser(t.db, t.config);
      const first = await login(t.app, user.email);
      const extended = await post('/login/extend', { refresh_token: first.RefreshToken });
      expect(extended.statusCode).toBe(200);
      const second = extended.json().result.AuthenticationResult;
      expect(second.RefreshToken).not.toBe(first.RefreshToken);
      expect(decodeJwt(second.AccessToken).sub).toBe(user.id);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(second) })).statusCode).toBe(200);

      const third = (await post('/login/extend', { refresh_token: second.RefreshToken })).json().result
        .AuthenticationResult;

      // Theft detection: the first token again ends the whole login.
      const reuse = await post('/login/extend', { refresh_token: first.RefreshToken });
      expect(reuse.json()).toMatchObject({ status: 401, code: 'NotAuthorizedException' });
      expect((await post('/login/extend', { refresh_token: third.RefreshToken })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(third) })).statusCode).toBe(401);

      // Another login of the same user is untouched.
      const other = await login(t.app, user.email);
      expect((await post('/login/extend', { refresh_token: other.RefreshToken })).statusCode).toBe(200);
      expect((await post('/login/extend', { refresh_token: 'unknown' })).statusCode).toBe(401);
    });

    it('refuses a refresh token after 30 days', async () => {
      const user = await createUser(t.db, t.config);
      const tokens = await login(t.app, user.email);
      t.clock.advance(31 * DAY_MS);
      try {
        expect((await post('/login/extend', { refresh_token: tokens.RefreshToken })).statusCode).toBe(401);
      } finally {
        t.clock.advance(-31 * DAY_MS);
      }
    });

    it('stops honouring the tokens after logout', async () => {
      const user = await createUser(t.db, t.config);
      const tokens = await login(t.app, user.email);
      const logout = await post('/logout', {}, bearer(tokens));
      expect(logout.json()).toEqual({ result: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens) })).statusCode).toBe(401);
      expect((await post('/login/extend', { refresh_token: tokens.RefreshToken })).statusCode).toBe(401);
      expect((await post('/logout', {}, bearer(tokens))).statusCode).toBe(401);
    });
  });

  describe('one answer whether an account exists or not', () => {
    afterEach(() => vi.restoreAllMocks());

    it('answers an unknown e-mail as a wrong password, after the same password check', async () => {
      const user = await createUser(t.db, t.config);
      const verify = vi.spyOn(t.services.passwords, 'verify');
      const wrong = await post('/login', { email_address: user.email, password: 'Wrong#2026' });
      expect(verify).toHaveBeenCalledTimes(1);
      verify.mockClear();
      const unknown = await post('/login', {
        email_address: `${uniqueId('nobody')}@example.pk`,
        password: 'Wrong#2026',
      });
      expect(verify).toHaveBeenCalledTimes(1);
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.json()).toEqual(wrong.json());
      expect(unknown.json()).toMatchObject({ status: 401, code: 'NotAuthorizedException' });
    });

    it('checks the password rules of a registration before saying the e-mail is taken, and hashes either way', async () => {
      const taken = await createUser(t.db, t.config);
      const register = (email: string, password: string) =>
        post('/register', {
          registration_type: 'NPV',
          business_name: 'Lahori Nihari',
          mobile_number: '+923001234567',
          email_address: email,
          password,
        });
      const weak = await register(taken.email, 'password');
      expect(weak.json().errors[0].meta.translation_key).toBe('register.error.password');

      const hash = vi.spyOn(t.services.passwords, 'hash');
      expect((await register(`${uniqueId('new')}@example.pk`, PASSWORD)).statusCode).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      hash.mockClear();
      const existing = await register(taken.email, PASSWORD);
      expect(existing.json().errors[0].meta.translation_key).toBe('register.error.email-registered');
      expect(hash).toHaveBeenCalledTimes(1);
    });

    it('answers a forgotten password the same way after the same work, with or without an account', async () => {
      const user = await createUser(t.db, t.config);
      const ghost = `${uniqueId('ghost')}@example.pk`;
      const lookup = vi.spyOn(t.services.auth, 'sendResetCode');
      try {
        const known = await post('/password/forgot', { email_address: user.email });
        const unknown = await post('/password/forgot', { email_address: ghost });
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.body).toBe(known.body);
        // The request only queues the e-mail: nothing is looked up, stored or mailed while the caller waits.
        expect(lookup).not.toHaveBeenCalled();
        const queued = await t.db.query<{ email: string }>(
          `select data->>'email_address' as email from pgboss.job
            where name = $1 and data->>'email_address' = any($2) and state = 'created'`,
          [RESET_MAIL_QUEUE, [user.email, ghost]],
        );
        expect(queued.map((job) => job.email).sort()).toEqual([user.email, ghost].sort());
        const stored = await t.db.query('select 1 from password_resets where user_id = $1', [user.id]);
        expect(stored).toEqual([]);
        const raw = await t.app.inject({
          method: 'GET',
          url: `/api/v1/dev/outbox?to=${encodeURIComponent(user.email)}`,
        });
        expect(raw.json().result.messages).toEqual([]);

        // The queue's worker mails the code to the account only.
        expect(await outbox(t.app, user.email)).toHaveLength(1);
        expect(await outbox(t.app, ghost)).toEqual([]);
        expect(lookup.mock.calls.map(([email]) => email).sort()).toEqual([user.email, ghost].sort());
      } finally {
        lookup.mockRestore();
      }
    });

    it('answers a reset for an unknown e-mail as a wrong code, after the same hashing', async () => {
      const user = await createUser(t.db, t.config);
      await post('/password/forgot', { email_address: user.email });
      const sent = (await outbox(t.app, user.email))[0]!.text.match(/\b(\d{6})\b/)?.[1];
      const hash = vi.spyOn(t.services.passwords, 'hash');
      const body = { code: sent === '000000' ? '000001' : '000000', password: 'Another#Pass1' };
      const known = await post('/password/reset', { email_address: user.email, ...body });
      expect(hash).toHaveBeenCalledTimes(1);
      hash.mockClear();
      const unknown = await post('/password/reset', { email_address: `${uniqueId('ghost')}@example.pk`, ...body });
      expect(hash).toHaveBeenCalledTimes(1);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
    });
  });

  describe('password reset', () => {
    const codeFrom = (text: string) => text.match(/\b(\d{6})\b/)?.[1];

    it('resets with the e-mailed code, confirms the e-mail and ends every session', async () => {
      const user = await createUser(t.db, t.config, { confirmed: false });
      await t.db.query('update users set confirmed_at = now() where id = $1', [user.id]);
      const before = await login(t.app, user.email);
      await t.db.query('update users set confirmed_at = null where id = $1', [user.id]);

      expect((await post('/password/forgot', { email_address: user.email })).json()).toEqual({ result: true });
      const code = codeFrom((await outbox(t.app, user.email))[0]!.text);
      expect(code).toMatch(/^\d{6}$/);

      const weak = await post('/password/reset', { email_address: user.email, code, password: 'weakpass' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors[0].meta.translation_key).toBe('register.error.password');

      const newPassword = 'Clifton#Block5';
      const reset = await post('/password/reset', { email_address: user.email, code, password: newPassword });
      expect(reset.json()).toEqual({ result: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(before) })).statusCode).toBe(401);
      expect((await post('/login', { email_address: user.email, password: PASSWORD })).statusCode).toBe(401);
      await login(t.app, user.email, newPassword);
      const again = await post('/password/reset', { email_address: user.email, code, password: 'Another#Pass1' });
      expect(again.json()).toMatchObject({ status: 400, code: 'ExpiredCodeException' });
    });

    it('answers the same for an unknown e-mail and sends nothing', async () => {
      const email = `${uniqueId('ghost')}@example.pk`;
      expect((await post('/password/forgot', { email_address: email })).json()).toEqual({ result: true });
      expect(await outbox(t.app, email)).toEqual([]);
      const reset = await post('/password/reset', { email_address: email, code: '123456', password: PASSWORD });
      expect(reset.json()).toMatchObject({ status: 400, code: 'ExpiredCodeException' });
    });

    it('refuses a code after 15 minutes or after 5 wrong attempts', async () => {
      const user = await createUser(t.db, t.config);
      await post('/password/forgot', { email_address: user.email });
      const code = codeFrom((await outbox(t.app, user.email))[0]!.text)!;
      t.clock.advance(15 * 60_000 + 1000);
      try {
        const late = await post('/password/reset', { email_address: user.email, code, password: 'Later#Pass1' });
        expect(late.json().code).toBe('ExpiredCodeException');
      } finally {
        t.clock.advance(-(15 * 60_000 + 1000));
      }

      await post('/password/forgot', { email_address: user.email });
      const fresh = codeFrom((await outbox(t.app, user.email))[0]!.text)!;
      const wrong = fresh === '000000' ? '000001' : '000000';
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await post('/password/reset', { email_address: user.email, code: wrong, password: PASSWORD });
        expect(response.json().code).toBe('ExpiredCodeException');
      }
      const right = await post('/password/reset', { email_address: user.email, code: fresh, password: 'Right#Pass1' });
      expect(right.json().code).toBe('ExpiredCodeException');
    });
  });
});

describe.each(databases())('auth rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind, env: { RATE_LIMIT_AUTH: '3', RATE_LIMIT_LOGIN_FAILURES_PER_IP: '5' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

  it('counts failed logins per IP and e-mail only', async () => {
    const user = await createUser(t.db, t.config);
    // Successes do not count.
    for (let i = 0; i < 4; i++) await login(t.app, user.email);
    for (let i = 0; i < 3; i++) {
      expect((await post('/login', { email_address: user.email, password: 'Wrong#2026' })).statusCode).toBe(401);
    }
    const blocked = await post('/login', { email_address: user.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, code: 'TooManyRequestsException' });
    // Another e-mail from the same IP is not locked out.
    const other = await createUser(t.db, t.config);
    expect((await post('/login', { email_address: other.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('caps failed logins per IP across e-mails, and leaves other IPs alone', async () => {
    const from = (remoteAddress: string, email: string, password = 'Wrong#2026') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress,
        payload: { email_address: email, password },
      });
    const user = await createUser(t.db, t.config);
    // One guess on each of five e-mails, each far below the per-e-mail limit.
    for (let i = 0; i < 5; i++) {
      expect((await from('192.0.2.50', `${uniqueId('guess')}@example.pk`)).statusCode).toBe(401);
    }
    const blocked = await from('192.0.2.50', user.email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, code: 'TooManyRequestsException' });
    expect((await from('192.0.2.51', user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('limits forgot-password calls per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/password/forgot', { email_address: 'a@b.pk' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('limits registrations per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await post('/register', {
        registration_type: 'NPV',
        business_name: 'Spam',
        mobile_number: '+923001234567',
        email_address: `${uniqueId('spam')}@example.pk`,
        password: PASSWORD,
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(
      (await post('/password/reset', { email_address: 'a@b.pk', code: '123456', password: PASSWORD })).statusCode,
    ).toBe(400);
  });
});
