import { describe, expect, it } from 'vitest';
import { serverSearchFor } from './tracking-rules.ts';

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
