import { describe, expect, it } from 'vitest';
import { defaultDeliveryPolygon, isDeliverable } from '../delivery-area.ts';
import { COLLECTION_POINT_MESSAGES, validateCollectionPoint } from '../validation/collection-point.ts';
import { isOutletEditable, OutletBodySchema, outletBodyToForm } from './outlets.ts';

const body = OutletBodySchema.parse({
  client_vendor_id: ' KGH-1 ',
  name: 'Clifton',
  address: 'Zamzama, Karachi',
  latitude: 24.81,
  longitude: 67.03,
  phone_number: '+92 21 3587 1234',
  users: ['a@kgh.pk', ''],
});

describe('the collection point body', () => {
  it('trims its texts and stands for the form the spec §5 rule checks', () => {
    expect(body.client_vendor_id).toBe('KGH-1');
    expect(validateCollectionPoint(outletBodyToForm(body))).toEqual({});
  });

  it('has no location without both coordinates, whatever its address text', () => {
    const form = outletBodyToForm({ ...body, latitude: null });
    expect(form.location).toBeNull();
    expect(validateCollectionPoint(form)).toEqual({ location: COLLECTION_POINT_MESSAGES.location });
  });

  it('refuses what no field may hold, before any rule runs', () => {
    expect(OutletBodySchema.safeParse({ ...body, name: 'a\u0000b' }).success).toBe(false);
    expect(OutletBodySchema.safeParse({ ...body, latitude: 91 }).success).toBe(false);
    expect(OutletBodySchema.safeParse({ ...body, users: Array(21).fill('a@b.pk') }).success).toBe(false);
  });

  // spec §5: addresses are limited to 255 bytes and notes to 1000 bytes; an Urdu letter is two bytes in UTF-8.
  it.each([
    ['address', 'ک'.repeat(127), 'ک'.repeat(128)],
    ['street', 'ک'.repeat(127), 'ک'.repeat(128)],
    ['rider_instructions', 'ک'.repeat(500), 'ک'.repeat(501)],
  ])('holds its %s in bytes, not characters', (field, fits, tooLong) => {
    expect(OutletBodySchema.safeParse({ ...body, [field]: fits }).success).toBe(true);
    const refused = OutletBodySchema.safeParse({ ...body, [field]: tooLong });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });

  it('still lets a blank address through to the spec §5 rule', () => {
    expect(OutletBodySchema.safeParse({ ...body, address: ' ', latitude: null, longitude: null }).success).toBe(true);
  });
});

describe('isOutletEditable (spec §2, §6)', () => {
  it.each([
    [{ vendor_id: 'kgh-1', is_parent: false }, true],
    [{ vendor_id: 'a-1', is_parent: false }, false],
    [{ vendor_id: 'b-1', is_parent: false }, false],
    [{ vendor_id: 'ab-1', is_parent: false }, true],
    [{ vendor_id: 'kgh', is_parent: true }, false],
  ])('%o → %s', (vendor, expected) => {
    expect(isOutletEditable(vendor)).toBe(expected);
  });
});

describe('defaultDeliveryPolygon', () => {
  it('surrounds the outlet with the default radius: inside near it, outside beyond it', () => {
    const outlet = { lat: 24.81, lng: 67.03 };
    const area = defaultDeliveryPolygon(outlet, 10, 24);
    expect(area.type === 'polygon' && area.coordinates).toHaveLength(24);
    expect(isDeliverable(area, outlet, { lat: 24.87, lng: 67.06 })).toBe(true);
    expect(isDeliverable(area, outlet, { lat: 24.81, lng: 67.15 })).toBe(false);
    expect(isDeliverable(area, outlet, { lat: 24.71, lng: 67.03 })).toBe(false);
  });
});
