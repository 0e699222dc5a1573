import { CollectionPointFormSchema } from '@riderdesk/domain/validation/collection-point';
import { describe, expect, it } from 'vitest';
import { makeCollectionPoint, makeVendor } from '../../../test/fixtures.ts';
import {
  collectionPointOf,
  emptyCollectionPoint,
  formErrorsOf,
  mapOutletsOf,
  mapPointOf,
  parentOptionOf,
  phoneOnLeave,
  placeBadgesOf,
  savedNoticeKeys,
  toOutletBody,
} from './collection-point-form.ts';

const PARENT = makeVendor({ vendor_id: 'kgh', name: 'Karachi Grill House', is_parent: true });
const CLIFTON = makeCollectionPoint();
const OTHER_PARENT_OUTLET = makeVendor({ vendor_id: 'bbq-1', name: 'BBQ', parent_vendor_id: 'bbq' });

describe('collection point form (view model)', () => {
  it('opens an outlet with each field its own saved value, the phone as History shows phones', () => {
    const form = collectionPointOf(CLIFTON, 'PK');
    expect(form).toMatchObject({
      parentVendorId: 'kgh',
      clientVendorId: 'KGH-CLIFTON',
      name: 'Clifton Grill',
      unitNo: 'Shop 3',
      building: 'Sea View Plaza',
      phone: '(021) 35871234',
      riderInstructions: 'Back door',
      owners: ['manager@kgh.pk'],
      vendorId: 'kgh-clifton',
      location: {
        formatted_address: 'Block 5, Clifton, Karachi',
        latitude: 24.82,
        longitude: 67.03,
        city: 'Karachi',
        zipcode: '75600',
        street: 'Khayaban-e-Saadi',
        streetNumber: '12',
      },
    });
  });

  it('sends the phone in its one spelling however the field shows it, and what else was opened unchanged', () => {
    const body = toOutletBody(collectionPointOf(CLIFTON, 'PK'), 'PK');
    expect(body).toMatchObject({
      client_vendor_id: 'KGH-CLIFTON',
      name: 'Clifton Grill',
      phone_number: '+922135871234',
      address: 'Block 5, Clifton, Karachi',
      unit: 'Shop 3',
      building: 'Sea View Plaza',
      rider_instructions: 'Back door',
      users: ['manager@kgh.pk'],
    });
    expect(toOutletBody({ ...emptyCollectionPoint([PARENT]), phone: '0300 1234567' }, 'PK').phone_number).toBe(
      '+923001234567',
    );
  });

  it('writes a phone as History does once its field is left, and leaves an empty one empty', () => {
    expect(phoneOnLeave('+922135871234', 'PK')).toBe('(021) 35871234');
    expect(phoneOnLeave('03001234567', 'PK')).toBe('0300 1234567');
    expect(phoneOnLeave('', 'PK')).toBe('');
    expect(phoneOnLeave('12', 'PK')).toBe('12');
  });

  it('draws the chosen parent’s outlets, the point, and the place’s badges', () => {
    expect(mapOutletsOf([PARENT, CLIFTON, OTHER_PARENT_OUTLET], 'kgh')).toEqual([CLIFTON]);
    const { location } = collectionPointOf(CLIFTON, 'PK');
    expect(mapPointOf(location)).toEqual({ lat: 24.82, lng: 67.03 });
    expect(mapPointOf(null)).toBeNull();
    expect(placeBadgesOf(location)).toEqual(['Karachi', '75600', 'PK']);
    expect(placeBadgesOf(null)).toEqual([]);
    expect(parentOptionOf(PARENT)).toEqual({ value: 'kgh', label: 'Karachi Grill House (kgh)' });
  });

  it('says a new collection point takes a few minutes, and an edit only that it was saved', () => {
    expect(savedNoticeKeys({ is_pending: true })).toEqual(['outlet.saved', 'outlet.created-delay']);
    expect(savedNoticeKeys({ is_pending: false })).toEqual(['outlet.saved']);
  });

  it('places the server’s field errors on the form’s fields, and the schema’s on theirs', () => {
    expect(
      formErrorsOf([
        { field: 'client_vendor_id', message: 'outlet.error.duplicate-client-id' },
        { field: 'users.1', message: 'Please enter a valid email' },
        { message: 'no field' },
      ]),
    ).toEqual({ clientVendorId: 'outlet.error.duplicate-client-id', 'owners.1': 'Please enter a valid email' });
    const checked = CollectionPointFormSchema.safeParse({ ...emptyCollectionPoint([PARENT]), owners: ['a@b.pk', 'x'] });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['clientVendorId'], 'Please enter collection point ID'],
      [['name'], 'Please enter label'],
      [['phone'], 'Please enter phone number'],
      [['location'], 'Please select pickup address'],
      [['owners', 1], 'Please enter a valid email'],
    ]);
  });
});
