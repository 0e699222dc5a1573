import en from '@riderdesk/domain/locales/en.json';
import ur from '@riderdesk/domain/locales/ur_alt.json';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/orders.ts';
import {
  BUCKET_COLORS,
  groupOrders,
  SECTION_LABEL_KEYS,
  serverSearchFor,
  TRACKING_SECTIONS,
} from './tracking-rules.ts';

describe('groupOrders', () => {
  it('puts a returned order in a Returned column of its own, not among the delivered, with its own colour', () => {
    const returned = makeOrder({ order_id: 'R-1', status: 'RETURNED_TO_VENDOR' });
    const delivered = makeOrder({ order_id: 'D-1', status: 'DELIVERED' });
    const groups = groupOrders([returned, delivered], new Date());
    expect(groups.returned.map((order) => order.order_id)).toEqual(['R-1']);
    expect(groups.delivered.map((order) => order.order_id)).toEqual(['D-1']);
    expect(TRACKING_SECTIONS).toContain('returned');
    expect(SECTION_LABEL_KEYS.returned).toBe('tracking.section.returned');
    expect(BUCKET_COLORS.returned).not.toBe(BUCKET_COLORS.delivered);
  });

  it('has an empty-section text for every section, in English and Urdu', () => {
    for (const section of TRACKING_SECTIONS) {
      expect(en.tracking['section-empty']).toHaveProperty(section);
      expect(ur.tracking['section-empty']).toHaveProperty(section);
    }
  });
});

describe('serverSearchFor', () => {
  const vendor = 'pk-karachi-grill-clifton'; // prefix PKGC

  it('reads an order id of the selected vendor, ignoring spaces and case', () => {
    expect(serverSearchFor(' pkgc - 1000 42 ', vendor, 'PK')).toEqual({ kind: 'order', orderId: 'PKGC-100042' });
    expect(serverSearchFor('PKGC-', vendor, 'PK')).toBeNull();
    expect(serverSearchFor('ABC-100042', vendor, 'PK')).toBeNull();
  });

  it('reads a phone possible in the country as E.164', () => {
    expect(serverSearchFor('0321 987 6543', vendor, 'PK')).toEqual({ kind: 'phone', phone: '+923219876543' });
    expect(serverSearchFor('+92 321 9876543', vendor, 'pk')).toEqual({ kind: 'phone', phone: '+923219876543' });
    expect(serverSearchFor('0321', vendor, 'PK')).toBeNull();
    expect(serverSearchFor('Ayesha', vendor, 'PK')).toBeNull();
  });
});
