import en from '@riderdesk/domain/locales/en.json';
import { resolveHistoryRange } from '@riderdesk/domain/order-history';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/orders.ts';
import {
  coversToday,
  drillPhrases,
  historyBody,
  historyQuery,
  historySearch,
  initialShownRange,
  nextShownRange,
  selectedOrderOf,
} from './history-view.ts';

const NOW = new Date('2026-03-10T09:00:00Z'); // 14:00 in Karachi
const ZONE = 'Asia/Karachi';
// Midnight in Karachi, as instants.
const MAR_9 = new Date('2026-03-08T19:00:00Z');
const MAR_10 = new Date('2026-03-09T19:00:00Z');

describe('the shown range', () => {
  it('opens on the filters’ range, or on the default (yesterday) while a custom range is incomplete', () => {
    expect(initialShownRange({ preset: 'Today' }, NOW, ZONE).from).toEqual(MAR_10);
    const incomplete = initialShownRange({ preset: 'Custom', start: '2026-03-01', end: null }, NOW, ZONE);
    expect(incomplete).toEqual({ from: MAR_9, to: MAR_10 });
  });

  it('keeps the last complete range while a custom one is picked, and takes the next complete one', () => {
    const shown = { from: MAR_9, to: MAR_10 };
    const incomplete = resolveHistoryRange({ preset: 'Custom', start: null, end: null }, NOW, ZONE);
    expect(nextShownRange(shown, incomplete)).toBe(shown);
    expect(nextShownRange(shown, { ok: true, from: new Date(MAR_9), to: new Date(MAR_10) })).toBe(shown);
    const today = resolveHistoryRange({ preset: 'Today' }, NOW, ZONE);
    expect(nextShownRange(shown, today)).toEqual({ from: MAR_10, to: today.ok ? today.to : null });
  });

  it('follows live updates only when the range reaches into today in the country zone', () => {
    expect(coversToday({ from: MAR_9, to: MAR_10 }, NOW, ZONE)).toBe(false);
    expect(coversToday({ from: MAR_9, to: new Date(MAR_10.getTime() + 1) }, NOW, ZONE)).toBe(true);
  });
});

describe('historySearch', () => {
  it('sends what a merchant types', () => {
    expect(historySearch('PKGC-100042', { isGuest: false, countryCode: 'PK' })).toEqual({
      sent: 'PKGC-100042',
      refusal: null,
    });
  });

  it('sends a guest’s phone number, and refuses anything else without sending it (spec §5)', () => {
    expect(historySearch('0300 1234567', { isGuest: true, countryCode: 'PK' })).toEqual({
      sent: '0300 1234567',
      refusal: null,
    });
    expect(historySearch('PKGC-100042', { isGuest: true, countryCode: 'PK' })).toEqual({
      sent: '',
      refusal: 'guest.search.phone-only',
    });
    expect(historySearch('', { isGuest: true, countryCode: 'PK' })).toEqual({ sent: '', refusal: null });
  });
});

describe('historyQuery', () => {
  it('asks for the shown range with `to` inclusive, the status and the search; nothing without a branch', () => {
    const range = { from: MAR_9, to: MAR_10 };
    const input = { includeOutlets: true, range, status: 'ANY' as const, search: 'x' };
    expect(historyQuery({ vendorId: 'pk-1', ...input })).toEqual({
      vendorId: 'pk-1',
      includeOutlets: true,
      from: '2026-03-08T19:00:00.000Z',
      to: '2026-03-09T18:59:59.999Z',
      status: 'ANY',
      search: 'x',
      drill: {},
    });
    expect(historyQuery({ vendorId: null, ...input })).toBeNull();
  });
});

describe('historyBody', () => {
  const state = { isPending: false, isStale: false, isError: false, orderCount: 0, search: '' };

  it.each([
    [{ isPending: true }, 'loading'],
    // New filters load with no rows of the last answer to keep on screen.
    [{ isStale: true }, 'loading'],
    [{ isStale: true, orderCount: 3 }, 'orders'],
    [{ isError: true }, 'error'],
    // A failed next page keeps the rows already shown.
    [{ isError: true, orderCount: 3 }, 'orders'],
    [{ search: ' PKGC ' }, 'search-empty'],
    [{ search: '  ' }, 'empty'],
    [{}, 'empty'],
  ] as const)('%o shows %s', (overrides, body) => {
    expect(historyBody({ ...state, ...overrides })).toBe(body);
  });
});

describe('selectedOrderOf', () => {
  const listed = makeOrder({ order_id: 'A-1' });
  const fetched = makeOrder({ order_id: 'B-2' });

  it('takes the order from the loaded pages first, then the one fetched on its own', () => {
    expect(selectedOrderOf([listed], 'A-1', undefined)).toEqual({ listed, selected: listed });
    expect(selectedOrderOf([listed], 'B-2', fetched)).toEqual({ listed: null, selected: fetched });
    expect(selectedOrderOf([listed], null, undefined)).toEqual({ listed: null, selected: null });
  });
});

describe('the narrowing a link from insights applied', () => {
  // i18next's interpolation, as the page's catalogue has it.
  const t = ((key: string, values: Record<string, unknown> = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
    return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  }) as unknown as TFunction;

  it('names the weekday and hour, the duration bucket and the reason as the page shows them', () => {
    expect(drillPhrases({ weekday: 1, hour: 23 }, t)).toEqual(['Monday, 23:00–00:00']);
    expect(drillPhrases({ hour: 9 }, t)).toEqual(['09:00–10:00']);
    expect(drillPhrases({ delivery_bucket: 7 }, t)).toEqual(['Delivered in 30–35 min']);
    expect(drillPhrases({ delivery_bucket: 21 }, t)).toEqual(['Delivered in 240+ min']);
    expect(drillPhrases({ pickup_bucket: 1 }, t)).toEqual(['Pickup wait 0–1 min']);
    expect(drillPhrases({ cancel_reason: 'no_courier' }, t)).toEqual([`Cancelled: ${en.cancel.reason.no_courier}`]);
    expect(drillPhrases({}, t)).toEqual([]);
  });

  it('carries it into the list’s query', () => {
    const query = historyQuery({
      vendorId: 'v1',
      includeOutlets: false,
      range: { from: MAR_9, to: MAR_10 },
      status: 'ANY',
      search: '',
      drill: { weekday: 2, hour: 14 },
    });
    expect(query?.drill).toEqual({ weekday: 2, hour: 14 });
  });
});
