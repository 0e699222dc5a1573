import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../../test/fixtures.ts';
import { defaultOwner, ownerVendors, vendorName, vendorTree } from './developer-vendors.ts';

const parent = makeVendor({ vendor_id: 'p-1', name: 'Karachi Kitchens', is_parent: true });
const clifton = makeVendor({ vendor_id: 'p-1-c', name: 'Clifton', parent_vendor_id: 'p-1' });
const bahadurabad = makeVendor({ vendor_id: 'p-1-b', name: 'Bahadurabad', parent_vendor_id: 'p-1' });
const alone = makeVendor({ vendor_id: 'solo', name: 'Anarkali Chai' });
const vendors = [clifton, alone, parent, bahadurabad];

describe('developer vendors', () => {
  it('lists parents first, then by name', () => {
    expect(ownerVendors(vendors).map((v) => v.vendor_id)).toEqual(['p-1', 'solo', 'p-1-b', 'p-1-c']);
  });

  it("gives a vendor's tree: itself, then its outlets by name", () => {
    expect(vendorTree(vendors, 'p-1').map((v) => v.vendor_id)).toEqual(['p-1', 'p-1-b', 'p-1-c']);
    expect(vendorTree(vendors, 'solo').map((v) => v.vendor_id)).toEqual(['solo']);
  });

  it("starts on the selected branch's parent, the branch, or the first owner", () => {
    expect(defaultOwner(vendors, clifton)).toBe('p-1');
    expect(defaultOwner(vendors, alone)).toBe('solo');
    expect(defaultOwner(vendors, null)).toBe('p-1');
    expect(defaultOwner([], null)).toBeNull();
  });

  it('names a vendor, or shows its id when it is not among the branches', () => {
    expect(vendorName(vendors, 'p-1-c')).toBe('Clifton');
    expect(vendorName(vendors, 'gone')).toBe('gone');
  });
});
