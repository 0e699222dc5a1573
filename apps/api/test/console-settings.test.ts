import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import {
  auditEntriesOf,
  CONSOLE_API,
  nextCode,
  operatorOfEachRole,
  setUpOperator,
  setUpTokenOf,
  type TestOperator,
} from './support/console.ts';
import { createMerchant, type Merchant, outbox, PASSWORD } from './support/factories.ts';

/** The console's Platform settings (issue 36, decision 183) and an admin's reset of an operator's credentials. */
describe.each(databases())('console platform settings on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let operators: Record<'admin' | 'operations' | 'support' | 'finance', TestOperator>;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    merchant = await createMerchant(t);
    operators = await operatorOfEachRole(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Pick<TestOperator, 'headers'>, payload?: object) =>
    t.app.inject({ method, url: `${CONSOLE_API}${url}`, headers: who.headers, payload });
  const keyOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key;
  const countryFlags = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/flags' })).json().variations;
  const vendorFlags = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/flags?vendor_id=${merchant.vendorId}`,
        headers: merchant.headers,
      })
    ).json().variations;

  it('lets operations change a flag for the deployment, a country and a vendor; each change audited', async () => {
    const country = t.config.deployment.country.code;
    const global = await call('PUT', '/settings/flags/Voucher', operators.operations, {
      scope: { kind: 'global' },
      value: false,
    });
    expect(global.statusCode).toBe(200);
    expect(global.json().global.Voucher).toBe(false);
    expect((await countryFlags()).Voucher).toBe(false);

    await call('PUT', '/settings/flags/Voucher', operators.operations, {
      scope: { kind: 'country', country_code: country },
      value: true,
    });
    expect((await countryFlags()).Voucher).toBe(true);
    const vendor = await call('PUT', '/settings/flags/AddressBook', operators.admin, {
      scope: { kind: 'vendor', vendor_id: merchant.vendorId },
      value: false,
    });
    expect(vendor.json().overrides).toContainEqual({
      name: 'AddressBook',
      value: false,
      country_code: null,
      vendor_id: merchant.vendorId,
    });
    expect((await vendorFlags()).AddressBook).toBe(false);
    expect((await countryFlags()).AddressBook).toBe(true);

    // Removing the country's value puts the deployment's back.
    await call('PUT', '/settings/flags/Voucher', operators.operations, {
      scope: { kind: 'country', country_code: country },
      value: null,
    });
    expect((await countryFlags()).Voucher).toBe(false);
    await call('PUT', '/settings/flags/Voucher', operators.operations, { scope: { kind: 'global' }, value: true });

    const entries = await auditEntriesOf(t, operators.admin, { type: 'flag', id: `Voucher@${country}` });
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['flag.set', { scope: 'country', value: true }, { scope: 'country', value: null }],
      ['flag.set', { scope: 'country', value: null }, { scope: 'country', value: true }],
    ]);
    expect(entries[0]?.operator?.id).toBe(operators.operations.id);

    const unknownVendor = await call('PUT', '/settings/flags/Voucher', operators.admin, {
      scope: { kind: 'vendor', vendor_id: 'no-such-vendor' },
      value: true,
    });
    expect(unknownVendor.statusCode).toBe(404);
    expect(keyOf(unknownVendor)).toBe('console.settings.error.vendor-not-found');
    const unknownFlag = await call('PUT', '/settings/flags/NoSuchFlag', operators.admin, {
      scope: { kind: 'global' },
      value: true,
    });
    expect(unknownFlag.statusCode).toBe(400);
    for (const role of ['support', 'finance'] as const) {
      expect((await call('GET', '/settings/flags', operators[role])).statusCode).toBe(403);
      const refused = await call('PUT', '/settings/flags/Voucher', operators[role], {
        scope: { kind: 'global' },
        value: false,
      });
      expect(refused.statusCode).toBe(403);
      expect(keyOf(refused)).toBe('console.error.forbidden');
    }
  });

  it('turns maintenance on and off for every instance (admins only), telling every instance at once', async () => {
    const refused = await call('PUT', '/settings/maintenance', operators.operations, { kind: 'unplanned', on: true });
    expect(refused.statusCode).toBe(403);
    const asFlag = await call('PUT', '/settings/flags/UnplannedMaintenance', operators.operations, {
      scope: { kind: 'global' },
      value: true,
    });
    expect(asFlag.statusCode).toBe(400);
    expect(keyOf(asFlag)).toBe('console.settings.error.maintenance-flag');

    // The instance hears the change on flag_changes (LISTEN) and tells its open pages.
    let heard!: () => void;
    const announced = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const spy = vi.spyOn(t.services.liveHub, 'flagsChanged').mockImplementation(() => heard());
    const on = await call('PUT', '/settings/maintenance', operators.admin, { kind: 'unplanned', on: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ planned: false, unplanned: true });
    await announced;
    spy.mockRestore();
    expect((await countryFlags()).UnplannedMaintenance).toBe(true);

    const off = await call('PUT', '/settings/maintenance', operators.admin, { kind: 'unplanned', on: false });
    expect(off.json()).toEqual({ planned: false, unplanned: false });
    expect((await countryFlags()).UnplannedMaintenance).toBe(false);
    const [last, first] = await auditEntriesOf(t, operators.admin, { type: 'flag', id: 'UnplannedMaintenance' });
    expect(first).toMatchObject({ action: 'maintenance.set', after: { scope: 'global', value: true } });
    expect(last).toMatchObject({ action: 'maintenance.set', before: { value: true }, after: { value: false } });
  });

  it('sets the country parameters as the shared rules read them (admins only)', async () => {
    const invalid = [
      ['serviceHours', '25:00'],
      ['serviceHours', 'always'],
      ['onlinePaymentActivated', 'yes'],
      ['orderItemValueExceedLimit', '12.5'],
      ['paymentMethods', 'CASH_ON_DELIVERY|BITCOIN'],
      ['allOutletOrders', ''],
    ];
    for (const [name, value] of invalid) {
      const response = await call('PUT', `/settings/country-parameters/${name}`, operators.admin, { value });
      expect(response.statusCode, `${name}=${value}`).toBe(400);
    }
    const set = await call('PUT', '/settings/country-parameters/serviceHours', operators.admin, { value: '0800:2200' });
    expect(set.statusCode).toBe(200);
    expect(set.json().parameters.serviceHours).toBe('0800:2200');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/get-country-parameter/serviceHours',
      headers: merchant.headers,
    });
    expect(read.json().result).toBe('0800:2200');
    await call('PUT', '/settings/country-parameters/paymentMethods', operators.admin, {
      value: 'CASH_ON_DELIVERY|PAID',
    });
    const [entry] = await auditEntriesOf(t, operators.admin, { type: 'country-parameter', id: 'serviceHours' });
    expect(entry).toMatchObject({ action: 'country-parameter.set', after: { value: '0800:2200' } });
    expect(
      (await call('PUT', '/settings/country-parameters/serviceHours', operators.operations, { value: '0000:0000' }))
        .statusCode,
    ).toBe(403);
  });

  it('issues a partner token once and revokes it; revoked, it is refused at once', async () => {
    const issued = await call('POST', '/settings/partner-tokens', operators.admin, {
      vendor_id: merchant.vendorId,
      days: 7,
      label: 'GoDroid tablet',
    });
    expect(issued.statusCode).toBe(201);
    const { token, id } = issued.json();
    expect(token).toMatch(/^gd_/);
    const asPartner = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: { authorization: `GoDroid ${token}` } });
    expect((await asPartner()).statusCode).toBe(200);
    const listed = await call('GET', '/settings/partner-tokens', operators.admin);
    expect(JSON.stringify(listed.json())).not.toContain(token);
    expect(listed.json().tokens).toContainEqual(
      expect.objectContaining({ id, label: 'GoDroid tablet', revoked_at: null }),
    );

    const revoked = await call('POST', `/settings/partner-tokens/${id}/revoke`, operators.admin);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect((await asPartner()).statusCode).toBe(401);
    const again = await call('POST', `/settings/partner-tokens/${id}/revoke`, operators.admin);
    expect(again.statusCode).toBe(404);

    const entries = await auditEntriesOf(t, operators.admin, { type: 'partner-token', id });
    expect(entries.map((entry) => entry.action)).toEqual(['partner-token.revoke', 'partner-token.issue']);
    expect(JSON.stringify(entries)).not.toContain(token);
    expect((await call('GET', '/settings/partner-tokens', operators.operations)).statusCode).toBe(403);
  });

  it("resets another operator's password or second factor: sessions end, a new set-up link is mailed", async () => {
    const support = operators.support;
    const me = (who: Pick<TestOperator, 'headers'>) => call('GET', '/me', who).then((response) => response.statusCode);
    expect(
      (await call('POST', `/operators/${support.id}/reset`, operators.operations, { what: 'password' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/operators/${operators.admin.id}/reset`, operators.admin, { what: 'password' })).statusCode,
    ).toBe(409);

    const reset = await call('POST', `/operators/${support.id}/reset`, operators.admin, { what: 'password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ status: 'invited', has_second_factor: true });
    expect(await me(support)).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/sign-in`,
      payload: { email_address: support.email, password: support.password },
    });
    expect(signIn.statusCode).toBe(401);

    const [mail] = (await outbox(t.app, support.email)).filter((m) => m.subject.includes('was reset'));
    const link = /https?:\/\/\S+\/console\/set-up#token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The new password, then the code of the app the operator kept.
    const challenge = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/set-up`,
      payload: { token: setUpTokenOf(link!), password: `${PASSWORD}x` },
    });
    expect(challenge.json().step).toBe('code');
    const session = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/sign-in/code`,
      payload: { challenge: challenge.json().challenge, code: nextCode(t, support) },
    });
    expect(session.statusCode).toBe(200);
    const back = { headers: { authorization: `Bearer ${session.json().token}` } };
    expect(await me(back)).toBe(200);

    const twoFactor = await call('POST', `/operators/${support.id}/reset`, operators.admin, { what: 'two-factor' });
    expect(twoFactor.json()).toMatchObject({ status: 'invited', has_second_factor: false });
    expect(await me(back)).toBe(401);
    const mails = (await outbox(t.app, support.email)).filter((m) => m.subject.includes('authenticator app was reset'));
    const newLink = /https?:\/\/\S+\/console\/set-up#token=[\w-]+/.exec(mails[0]?.text ?? '')?.[0];
    const enrolled = await setUpOperator(t, { ...support, link: newLink!, password: PASSWORD });
    expect(await me(enrolled)).toBe(200);
    operators.support = enrolled;

    const entries = await auditEntriesOf(t, operators.admin, { type: 'operator', id: support.id });
    const resets = entries.filter((entry) => entry.action.startsWith('operator.reset'));
    expect(resets.map((entry) => [entry.action, entry.after?.has_second_factor])).toEqual([
      ['operator.reset-two-factor', false],
      ['operator.reset-password', true],
    ]);
  });
});
