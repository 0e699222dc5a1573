import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../../test/fixtures.ts';
import {
  canEditOutlet,
  defaultVendor,
  isOutletToggleEnabled,
  isOutletToggleShown,
  orderBranches,
} from './branch-rules.ts';

const parent = makeVendor({ vendor_id: 'p-1', name: 'Karachi Kitchens', is_parent: true });
const outlet = makeVendor({ vendor_id: 'o-1', name: 'Clifton', parent_vendor_id: 'p-1' });

describe('branch selector rules (spec §2, §6)', () => {
  it.each([
    ['o-17', true],
    ['a-17', false],
    ['b-17', false],
    ['ab-17', true],
    ['c-17', true],
  ])('outlet %s editable: %s', (id, expected) => {
    expect(canEditOutlet(makeVendor({ vendor_id: id, name: 'x' }), true)).toBe(expected);
  });

  it('never offers editing without the EditVendorOutlet flag, nor for parents', () => {
    expect(canEditOutlet(outlet, false)).toBe(false);
    expect(canEditOutlet(parent, true)).toBe(false);
  });

  it('shows the include-outlets toggle only for parent accounts in countries that allow it', () => {
    expect(isOutletToggleShown([parent, outlet], 'true')).toBe(true);
    expect(isOutletToggleShown([parent, outlet], 'false')).toBe(false);
    expect(isOutletToggleShown([parent, outlet], undefined)).toBe(false);
    expect(isOutletToggleShown([outlet], 'true')).toBe(false);
  });

  it('disables the toggle on request-a-rider and for a non-parent selection', () => {
    expect(isOutletToggleEnabled(parent, false)).toBe(true);
    expect(isOutletToggleEnabled(parent, true)).toBe(false);
    expect(isOutletToggleEnabled(outlet, false)).toBe(false);
    expect(isOutletToggleEnabled(null, false)).toBe(false);
  });

  it('lists parents first with their outlets beneath, orphans last', () => {
    const orphan = makeVendor({ vendor_id: 'o-9', name: 'Airport', parent_vendor_id: 'p-404' });
    const entries = orderBranches([orphan, outlet, parent]);
    expect(entries.map((e) => [e.vendor.vendor_id, e.depth])).toEqual([
      ['p-1', 0],
      ['o-1', 1],
      ['o-9', 0],
    ]);
    expect(defaultVendor([orphan, outlet, parent])?.vendor_id).toBe('p-1');
  });

  it('opens on the branch used last while it is still the user’s, else on the first', () => {
    const orphan = makeVendor({ vendor_id: 'o-9', name: 'Airport', parent_vendor_id: 'p-404' });
    expect(defaultVendor([orphan, outlet, parent], 'o-9')?.vendor_id).toBe('o-9');
    expect(defaultVendor([orphan, outlet, parent], 'someone-else')?.vendor_id).toBe('p-1');
  });
});
