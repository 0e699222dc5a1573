import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/modules/auth/tokens.ts';
import { getCountryParameter } from '../src/modules/vendors/repo.ts';
import {
  createRider,
  createVendor,
  godroidToken,
  listVendors,
  OpsError,
  runCommand,
  setCountryParameter,
  setFlag,
  vendorCode,
} from '../src/ops/commands.ts';
import { DEMO_PARENT_ID, DEMO_STANDALONE_ID } from '../src/seed/demo-data.ts';
import { seed, seedIfEmpty } from '../src/seed/seed.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { bearer, login } from './support/factories.ts';

describe.each(databases())('operator commands on %s', (kind) => {
  let t: TestApp;
  let ctx: { db: TestApp['db']; config: TestApp['config'] };
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    ctx = { db: t.db, config: t.config };
  });
  afterAll(() => t.close());

  it('creates a parent, an outlet and a user who can log in and see both', async () => {
    expect(await runCommand(ctx, ['create-vendor', '--id', 'pk-test', '--name', 'Test Parent', '--parent'])).toContain(
      'created vendor pk-test',
    );
    await runCommand(ctx, [
      'create-outlet',
      '--parent',
      'pk-test',
      '--id',
      'pk-test-1',
      '--name',
      'Test Outlet',
      '--lat',
      '24.8',
      '--lng',
      '67.03',
      '--address',
      'Block 5, Clifton',
    ]);
    await runCommand(ctx, [
      'create-user',
      '--email',
      'Ops@Example.pk',
      '--password',
      'Ops#Pass2026',
      '--vendor',
      'pk-test',
    ]);
    const tokens = await login(t.app, 'ops@example.pk', 'Ops#Pass2026');
    const vendors = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: bearer(tokens) });
    const list = vendors.json().result.vendors;
    expect(list.map((v: { vendor_id: string }) => v.vendor_id)).toEqual(['pk-test', 'pk-test-1']);
    expect(list[1].vendor_information.location).toMatchObject({
      latitude: 24.8,
      longitude: 67.03,
      address_text: 'Block 5, Clifton',
    });
    expect(await listVendors(ctx)).toMatch(/pk-test-1\tTest Outlet\toutlet of pk-test\t24\.8,67\.03/);
  });

  it('explains operator mistakes', async () => {
    await expect(runCommand(ctx, ['create-vendor', '--name', 'No id'])).rejects.toThrow('--id is required');
    await expect(runCommand(ctx, ['create-vendor', '--id', 'pk-test', '--name', 'Again'])).rejects.toThrow(
      'already exists',
    );
    await expect(
      runCommand(ctx, [
        'create-outlet',
        '--parent',
        'missing',
        '--id',
        'x',
        '--name',
        'X',
        '--lat',
        '1',
        '--lng',
        '2',
        '--address',
        'a',
      ]),
    ).rejects.toThrow('does not exist');
    await expect(
      runCommand(ctx, ['create-vendor', '--id', 'geo', '--name', 'Geo', '--lat', '100', '--lng', '1']),
    ).rejects.toThrow('valid coordinates');
    await expect(runCommand(ctx, ['create-user', '--email', 'x@y.pk', '--password', 'p'])).rejects.toThrow('--vendor');
    await expect(runCommand(ctx, ['fly'])).rejects.toBeInstanceOf(OpsError);
    await expect(runCommand(ctx, ['create-vendor', '--bogus'])).rejects.toBeInstanceOf(OpsError);
    await expect(setFlag(ctx, 'NoSuchFlag', 'true')).rejects.toThrow('unknown flag');
    await expect(setFlag(ctx, 'Helpcenter', 'yes')).rejects.toThrow('true or false');
    await expect(setCountryParameter(ctx, 'nope', '1')).rejects.toThrow('unknown country parameter');
    expect(await runCommand(ctx, [])).toContain('Usage');
  });

  it('checks the insights rollups against the orders, and rebuilds them', async () => {
    expect(await runCommand(ctx, ['insights-check'])).toBe('insights rollups agree with the orders');
    expect(await runCommand(ctx, ['insights-rebuild', '--vendor', 'pk-test'])).toMatch(
      /^insights rollups rebuilt: 1 vendor\(s\), 0 finished order\(s\)$/,
    );
    // A damaged rollup row of a vendor is named, and the rebuild repairs it.
    await ctx.db.query(
      `insert into insights_daily values ('pk-test', '2026-03-09', 'DELIVERED', '', 'CASH_ON_DELIVERY', 1, 0, 0, 0, 0, 0, 0, 0)`,
    );
    await expect(runCommand(ctx, ['insights-check'])).rejects.toThrow(/differ from the orders for: .*pk-test/);
    expect(await runCommand(ctx, ['insights-rebuild'])).toMatch(/^insights rollups rebuilt: \d+ vendor\(s\)/);
    expect(await runCommand(ctx, ['insights-check'])).toBe('insights rollups agree with the orders');
    await expect(runCommand(ctx, ['insights-rebuild', '--vendor', 'nobody'])).rejects.toBeInstanceOf(OpsError);
  });

  it('creates a rider whose token is shown once and stored hashed', async () => {
    const rider = await createRider(ctx, { name: 'Imran', phone: '+923009998877' });
    expect(rider.text).toContain(rider.token);
    const [row] = await t.db.query<{ token_hash: string; vehicle: string }>('select * from riders where id = $1', [
      rider.id,
    ]);
    expect(row).toMatchObject({ token_hash: sha256(rider.token), vehicle: 'motorbike' });
    await expect(createRider(ctx, { name: 'Twin', phone: '+923009998877' })).rejects.toThrow('already exists');
  });

  it('generates a registration code once and reuses it', async () => {
    await createVendor(ctx, { id: 'pk-code', name: 'Code Shop', email: 'Boss@Shop.pk' });
    const first = await vendorCode(ctx, 'pk-code');
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.contactEmail).toBe('boss@shop.pk');
    expect((await vendorCode(ctx, 'pk-code')).code).toBe(first.code);
    await expect(vendorCode(ctx, 'missing')).rejects.toThrow('does not exist');
  });

  it('mints a GoDroid token and sets flags and country parameters', async () => {
    const token = await godroidToken(ctx, 'pk-test');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/vendor/pk-test-1',
      headers: { authorization: `GoDroid ${token}` },
    });
    expect(response.statusCode).toBe(200);
    await expect(godroidToken(ctx, 'missing')).rejects.toThrow('does not exist');

    await runCommand(ctx, ['set-flag', 'PlannedMaintenance', 'true']);
    const flags = await t.app.inject({ method: 'GET', url: '/api/v1/flags' });
    expect(flags.json().variations.PlannedMaintenance).toBe(true);
    await runCommand(ctx, ['set-country-parameter', 'serviceHours', '0000:0000']);
    const [row] = await t.db.query<{ value: string }>(
      "select value from country_parameters where name = 'serviceHours'",
    );
    expect(row!.value).toBe('0000:0000');
  });
});

describe.each(databases())('seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  it('makes a usable demo once and changes nothing when run again', async () => {
    const first = await seedIfEmpty(t.db, t.config, t.clock.now);
    expect(first.created).toBe(true);
    expect(first.hasDemoUser).toBe(true);
    expect(first.registration?.vendorId).toBe(DEMO_STANDALONE_ID);
    const count = async () =>
      (
        await t.db.query<{ vendors: number; users: number; riders: number }>(
          `select (select count(*)::int from vendors) as vendors, (select count(*)::int from users) as users,
                  (select count(*)::int from riders) as riders`,
        )
      )[0];
    const before = await count();
    expect(before).toEqual({ vendors: 6, users: 1, riders: 10 });
    // Without SEED_SERVICE_HOURS the migration's hours stay.
    expect(await getCountryParameter(t.db, 'serviceHours')).toBe('0900:2300');

    const again = await seed(t.db, t.config, t.clock.now);
    expect(again.created).toBe(false);
    expect(again.registration?.code).toBe(first.registration?.code);
    expect(await count()).toEqual(before);
    expect((await seedIfEmpty(t.db, t.config, t.clock.now)).created).toBe(false);

    const tokens = await login(t.app, t.config.demoEmail, t.config.demoPassword);
    const vendors = (await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: bearer(tokens) })).json()
      .result.vendors;
    expect(vendors[0]).toMatchObject({ vendor_id: DEMO_PARENT_ID, is_parent: true, name: 'Karachi Grill House' });
    const outlets = vendors.filter((v: { parent_vendor_id: string | null }) => v.parent_vendor_id === DEMO_PARENT_ID);
    expect(outlets.length).toBeGreaterThanOrEqual(3);
    for (const outlet of outlets) {
      expect(outlet.vendor_information.location.latitude).toBeGreaterThan(24.7);
      expect(outlet.vendor_information.location.latitude).toBeLessThan(25.1);
      expect(outlet.vendor_information.contact.phone).toMatch(/^\+9221/);
      expect(outlet.flags.payment_methods).toEqual({ CASH_ON_DELIVERY: true, PAID: true, ONLINE_PAYMENT: true });
    }
    const areas = await t.db.query<{ delivery_area: unknown }>(
      'select delivery_area from vendors where parent_vendor_id = $1',
      [DEMO_PARENT_ID],
    );
    // Radius areas are 8 km; a later seed may draw a polygon for one outlet instead.
    const radii = areas.filter((row) => (row.delivery_area as { type: string }).type === 'radius');
    expect(radii.length).toBeGreaterThanOrEqual(3);
    for (const row of radii) expect(row.delivery_area).toEqual({ type: 'radius', radius_km: 8 });
    for (const row of areas) expect(['radius', 'polygon']).toContain((row.delivery_area as { type: string }).type);
  });

  it('lets the printed vendor code register', async () => {
    const registration = (await seedIfEmpty(t.db, t.config, t.clock.now)).registration!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: {
        registration_type: 'PV',
        vendor_code: registration.code,
        vendor_email: registration.contactEmail,
        email_address: 'chai@example.pk',
        password: 'Chai#Khana1',
      },
    });
    expect(response.statusCode).toBe(200);
    // Once linked, start-up no longer advertises the code.
    expect((await seedIfEmpty(t.db, t.config, t.clock.now)).registration).toBeNull();
  });
});

describe.each(databases())('SEED_SERVICE_HOURS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind, env: { SEED_SERVICE_HOURS: '0000:0000' } });
  });
  afterAll(() => t.close());

  it('is written by the demo seed of an empty database, and only then', async () => {
    expect(await getCountryParameter(t.db, 'serviceHours')).toBe('0900:2300');
    expect((await seedIfEmpty(t.db, t.config, t.clock.now)).created).toBe(true);
    expect(await getCountryParameter(t.db, 'serviceHours')).toBe('0000:0000');

    await runCommand({ db: t.db, config: t.config }, ['set-country-parameter', 'serviceHours', '0800:2200']);
    await seed(t.db, t.config, t.clock.now);
    expect(await getCountryParameter(t.db, 'serviceHours')).toBe('0800:2200');
  });
});
