import * as XLSX from '@e965/xlsx';
import type { AuditEntry } from '@riderdesk/domain/contracts/console-audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/modules/operators/audit.ts';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import { CONSOLE_API, createOperator, type TestOperator } from './support/console.ts';
import { uniqueId } from './support/factories.ts';

/** The console's audit log (decision 170): written in the change's transaction, searched and exported by admins. */
describe.each(databases())('the console audit log on %s', (kind) => {
  let t: TestApp;
  let admin: TestOperator;
  let support: TestOperator;
  const vendorId = uniqueId('vendor');
  const start = new Date('2026-05-04T06:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp({ kind, start });
    admin = await createOperator(t, { role: 'admin', name: 'Ayesha Admin' });
    support = await createOperator(t, { role: 'support', name: '=HYPERLINK("http://evil.example","x")' });
    // What a section's change writes (a vendor deactivated by operations, a voucher paused), an hour apart.
    for (const [hours, operatorId, action, target, before, after] of [
      [1, support.id, 'vendor.deactivate', { type: 'vendor', id: vendorId }, { is_active: true }, { is_active: false }],
      [2, admin.id, 'vendor.activate', { type: 'vendor', id: vendorId }, { is_active: false }, { is_active: true }],
      [
        3,
        admin.id,
        'voucher.pause',
        { type: 'voucher', id: 'RAMADAN' },
        { paused: false },
        { paused: true, note: '+1' },
      ],
    ] as const) {
      await t.db.transaction((tx) =>
        recordAudit(tx, {
          at: new Date(start.getTime() + hours * 3_600_000),
          operatorId,
          action,
          target,
          before,
          after,
        }),
      );
    }
  });
  afterAll(() => t.close());

  /** A CSV read as a spreadsheet reads it: every cell as the text written. */
  const parse = (csv: string): string[][] => {
    const book = XLSX.read(csv, { type: 'string', raw: true });
    return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
  };
  const search = async (query: Record<string, string>, who = admin) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API}/audit-log?${new URLSearchParams(query)}`,
      headers: who.headers,
    });
    return response;
  };
  const entriesOf = async (query: Record<string, string>) => {
    const response = await search(query);
    expect(response.statusCode).toBe(200);
    return response.json().entries as AuditEntry[];
  };

  it('writes an entry only when its change commits', async () => {
    const id = uniqueId('rolled-back');
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, {
          at: t.clock.now(),
          operatorId: admin.id,
          action: 'vendor.deactivate',
          target: { type: 'vendor', id },
          before: null,
          after: null,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await entriesOf({ target_type: 'vendor', target_id: id })).toEqual([]);
    await expect(
      recordAudit(t.db, {
        at: t.clock.now(),
        operatorId: null,
        action: 'Deactivated vendor',
        target: { type: 'vendor', id },
        before: null,
        after: null,
      }),
    ).rejects.toThrow(/is not <type>.<verb>/);
  });

  it('finds entries by target, by operator, by action or its first part, and by time', async () => {
    const byTarget = await entriesOf({ target_type: 'vendor', target_id: vendorId });
    expect(byTarget.map((entry) => entry.action)).toEqual(['vendor.activate', 'vendor.deactivate']);
    expect(byTarget[1]).toMatchObject({
      operator: { id: support.id, name: support.name, email: support.email },
      target: { type: 'vendor', id: vendorId },
      before: { is_active: true },
      after: { is_active: false },
      at: new Date(start.getTime() + 3_600_000).toISOString(),
    });

    expect((await entriesOf({ operator_id: support.id, action: 'vendor' })).map((entry) => entry.action)).toEqual([
      'vendor.deactivate',
    ]);
    expect((await entriesOf({ action: 'voucher.pause' })).map((entry) => entry.target.id)).toEqual(['RAMADAN']);
    // A first part finds whole parts only: 'vend' is not 'vendor'.
    expect(await entriesOf({ action: 'vend' })).toEqual([]);
    const inWindow = await entriesOf({
      from: new Date(start.getTime() + 90 * 60_000).toISOString(),
      to: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
    });
    expect(inWindow.map((entry) => entry.action)).toEqual(['vendor.activate']);
  });

  it('pages newest first with a cursor', async () => {
    const first = (await search({ limit: '2' })).json();
    expect(first.entries).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await search({ limit: '2', cursor: first.next_cursor })).json();
    const all = await entriesOf({ limit: '200' });
    expect([...first.entries, ...second.entries].map((entry: AuditEntry) => entry.id)).toEqual(
      all.slice(0, 4).map((entry) => entry.id),
    );
    const times = all.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const bad = await search({ cursor: 'not-a-cursor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].meta.translation_key).toBe('console.error.bad-cursor');
    for (const query of [
      { operator_id: 'x' },
      { action: 'Vendor!' },
      { from: 'yesterday' },
      { limit: '1000' },
    ] as Record<string, string>[]) {
      expect((await search(query)).statusCode).toBe(400);
    }
  });

  it('exports the search as CSV, formulas neutralised, for admins only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API}/audit-log/export?${new URLSearchParams({ target_type: 'vendor', target_id: vendorId })}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(response.body.slice(1)) as string[][];
    expect(rows[0]).toEqual([
      'at',
      'operator_id',
      'operator_email',
      'operator_name',
      'action',
      'target_type',
      'target_id',
      'before',
      'after',
    ]);
    expect(rows.slice(1).map((row) => row[4])).toEqual(['vendor.activate', 'vendor.deactivate']);
    const byEvil = rows[2]!;
    // The operator's name would run as a formula in a spreadsheet: it is kept as text.
    expect(byEvil[3]).toBe(`'${support.name}`);
    expect(JSON.parse(byEvil[7]!)).toEqual({ is_active: true });
    expect(byEvil[0]).toBe(new Date(start.getTime() + 3_600_000).toISOString());

    const all = await t.app.inject({ method: 'GET', url: `${CONSOLE_API}/audit-log/export`, headers: admin.headers });
    expect((parse(all.body.slice(1)) as string[][]).length - 1).toBe((await entriesOf({ limit: '200' })).length);

    const refused = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API}/audit-log/export`,
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
