import { describe, expect, it } from 'vitest';
import { flagChoiceOf, flagValueOf, kindKeyOf, registrationKeyOf } from './vendors-view.ts';

describe('the vendors page’s words', () => {
  it('names a vendor’s kind', () => {
    expect(kindKeyOf({ is_parent: true, parent_vendor_id: null })).toBe('console.vendors.kind-parent');
    expect(kindKeyOf({ is_parent: false, parent_vendor_id: 'p' })).toBe('console.vendors.kind-outlet');
    expect(kindKeyOf({ is_parent: false, parent_vendor_id: null })).toBe('console.vendors.kind-vendor');
    expect(registrationKeyOf(null)).toBe('console.vendors.registration.none');
  });

  it('turns a vendor’s own flag value into a choice and back', () => {
    for (const value of [true, false, undefined]) {
      const choice = flagChoiceOf(value);
      expect(flagValueOf(choice)).toBe(value ?? null);
    }
  });
});
