import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../../../test/fixtures.ts';
import { newlyActive, seenOutlets } from './use-outlet-readiness.ts';

const parent = makeVendor({ vendor_id: 'p', name: 'Parent', is_parent: true });
const clifton = makeVendor({ vendor_id: 'c', name: 'Clifton', parent_vendor_id: 'p' });
const pending = makeVendor({
  vendor_id: 'n',
  name: 'New',
  parent_vendor_id: 'p',
  is_active: false,
  is_pending: true,
});
const ready = { ...pending, is_active: true, is_pending: false };

describe('newlyActive', () => {
  it('says nothing of the first list', () => {
    expect(newlyActive({ known: null, pending: new Set() }, [parent, clifton, ready])).toEqual([]);
  });

  it('names an outlet that was pending and is active now, once', () => {
    const before = seenOutlets([parent, clifton, pending]);
    expect(newlyActive(before, [parent, clifton, pending])).toEqual([]);
    expect(newlyActive(before, [parent, clifton, ready])).toEqual([ready]);
    expect(newlyActive(seenOutlets([parent, clifton, ready]), [parent, clifton, ready])).toEqual([]);
  });

  it('names a new outlet that was activated before the list was read again', () => {
    expect(newlyActive(seenOutlets([parent, clifton]), [parent, clifton, ready])).toEqual([ready]);
    expect(newlyActive(seenOutlets([parent, clifton]), [parent, clifton, pending])).toEqual([]);
  });
});
