import { describe, expect, it } from 'vitest';
import {
  ageCheckOf,
  BULK_COLUMNS,
  type BulkColumn,
  columnsOfHeader,
  duplicateKeyOf,
  normaliseHeader,
  rowInputOf,
  scheduledTimeOf,
} from './bulk-sheet.ts';

const noAliases = Object.fromEntries(BULK_COLUMNS.map((column) => [column, []])) as unknown as Record<
  BulkColumn,
  string[]
>;
const aliases = { ...noAliases, customer_name: ['Customer name', 'گاہک کا نام'], phone_number: ['Customer phone'] };

describe('columnsOfHeader', () => {
  it('reads headers in any language, case and order, ignoring the required mark', () => {
    const { columns, missing } = columnsOfHeader(
      ['Customer phone', 'گاہک کا نام *', 'ADDRESS', 'amount', 'Payment Method', 'unknown'],
      aliases,
    );
    expect(columns).toEqual(['phone_number', 'customer_name', 'address', 'amount', 'payment_method', null]);
    expect(missing).toEqual([]);
  });

  it('names the required columns a sheet lacks, and reads a repeated header once', () => {
    const { columns, missing } = columnsOfHeader(['customer_name', 'customer_name'], aliases);
    expect(columns).toEqual(['customer_name', null]);
    expect(missing).toEqual(['phone_number', 'address', 'amount', 'payment_method']);
  });

  it('normalises punctuation and notes', () => {
    expect(normaliseHeader('Unit / flat (optional)')).toBe('unitflat');
  });
});

describe('rowInputOf', () => {
  const columns = [
    'customer_name',
    'phone_number',
    'latitude',
    'payment_method',
    'delivery_type',
    'scheduled_time',
  ] as const;

  it('skips empty rows and bounds every cell', () => {
    expect(rowInputOf([null, '', '  '], [...columns], 5)).toBeNull();
    const row = rowInputOf(['  Ayesha  ', 3001234567, '24.8', 'cash on delivery', '', 46091.5], [...columns], 7);
    expect(row).toMatchObject({
      row_number: 7,
      customer_name: 'Ayesha',
      phone_number: '3001234567',
      latitude: 24.8,
      longitude: null,
      payment_method: 'CASH_ON_DELIVERY',
      delivery_type: 'INSTANT',
      scheduled_time: 46091.5,
    });
    expect(rowInputOf(['x'.repeat(5000)], ['customer_name'], 2)?.customer_name).toHaveLength(2000);
    expect(rowInputOf(['A', 'B', 'north'], [...columns], 2)?.latitude).toBeNaN();
  });
});

describe('scheduledTimeOf', () => {
  it('reads written and Excel times as wall-clock times in the country zone', () => {
    expect(scheduledTimeOf('2026-03-10 18:00', 'Asia/Karachi')?.toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(scheduledTimeOf('2026-03-10T18:00:30', 'Asia/Karachi')?.toISOString()).toBe('2026-03-10T13:00:30.000Z');
    // 46091 is 2026-03-10 in Excel's day count; .75 is 18:00.
    expect(scheduledTimeOf(46091.75, 'Asia/Karachi')?.toISOString()).toBe('2026-03-10T13:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const value of ['tomorrow', '2026-02-31 10:00', '2026-13-01 10:00', '10:00', '2026-03-10 25:00']) {
      expect(scheduledTimeOf(value, 'Asia/Karachi'), value).toBeNull();
    }
    expect(scheduledTimeOf(-1, 'Asia/Karachi')).toBeNull();
    expect(scheduledTimeOf(null, 'Asia/Karachi')).toBeNull();
  });
});

describe('duplicateKeyOf', () => {
  const base = rowInputOf(
    ['Ayesha', '0300 123 4567', 'Clifton', 1500],
    ['customer_name', 'phone_number', 'address', 'amount'],
    2,
  )!;
  it('ignores spacing and case, and tells different orders apart', () => {
    const same = rowInputOf(
      ['Someone', '03001234567', ' clifton ', 1500],
      ['customer_name', 'phone_number', 'address', 'amount'],
      3,
    )!;
    const other = rowInputOf(
      ['Ayesha', '03001234567', 'Clifton', 1600],
      ['customer_name', 'phone_number', 'address', 'amount'],
      4,
    )!;
    expect(duplicateKeyOf(same)).toBe(duplicateKeyOf(base));
    expect(duplicateKeyOf(other)).not.toBe(duplicateKeyOf(base));
  });
});

describe('ageCheckOf', () => {
  it('reads yes and no in any case, empty as no, with each language’s words, and nothing else', () => {
    expect(ageCheckOf('Yes')).toBe(true);
    expect(ageCheckOf(' y ')).toBe(true);
    expect(ageCheckOf('TRUE')).toBe(true);
    expect(ageCheckOf('no')).toBe(false);
    expect(ageCheckOf('')).toBe(false);
    expect(ageCheckOf(null)).toBe(false);
    expect(ageCheckOf('ہاں', { yes: ['ہاں'], no: ['نہیں'] })).toBe(true);
    expect(ageCheckOf('نہیں', { yes: ['ہاں'], no: ['نہیں'] })).toBe(false);
    expect(ageCheckOf('maybe')).toBeNull();
  });
});
