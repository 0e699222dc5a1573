import { describe, expect, it } from 'vitest';
import { formatOrderId, looksLikeOrderIdOf, orderIdPrefix } from './order-id.ts';

describe('order ids (spec §5: vendor prefix, then -)', () => {
  it.each([
    ['pk-karachi-grill-clifton', 'PKGC'],
    ['pk-chai-khana', 'PCK'],
    ['vendorID', 'VEN'],
    ['a-b-c-d-e-f-g-h', 'ABCDEF'],
    ['---', 'RD'],
  ])('%s → %s', (vendorId, prefix) => {
    expect(orderIdPrefix(vendorId)).toBe(prefix);
  });

  it('recognises an order id of the selected vendor in a search term', () => {
    const id = formatOrderId('pk-karachi-grill-clifton', 100042);
    expect(id).toBe('PKGC-100042');
    expect(looksLikeOrderIdOf(' pkgc-100042', 'pk-karachi-grill-clifton')).toBe(true);
    expect(looksLikeOrderIdOf('PCK-100042', 'pk-karachi-grill-clifton')).toBe(false);
    expect(looksLikeOrderIdOf('PKGC 100042', 'pk-karachi-grill-clifton')).toBe(false);
  });
});
