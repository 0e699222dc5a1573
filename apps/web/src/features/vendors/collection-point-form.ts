import type { OutletAnswer, OutletBodyInput } from '@riderdesk/domain/contracts/outlets';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { formatPhoneForDisplay, normalisePhoneNumber } from '@riderdesk/domain/phone';
import {
  type CollectionPointErrors,
  type CollectionPointForm,
  type CollectionPointLocation,
  defaultParentVendorId,
} from '@riderdesk/domain/validation/collection-point';

/** The form of a new collection point: the first parent preselected, one empty owner row (spec §2, §5). */
export function emptyCollectionPoint(parents: readonly Vendor[]): CollectionPointForm {
  return {
    parentVendorId: defaultParentVendorId(parents.map((parent) => parent.vendor_id)),
    clientVendorId: '',
    name: '',
    unitNo: '',
    building: '',
    phone: '',
    riderInstructions: '',
    owners: [''],
    location: null,
    isEditMode: false,
    vendorId: null,
  };
}

/**
 * The form of an existing outlet, as its vendor record holds it: each field the saved value of that field, the
 * phone written as History writes phones.
 */
export function collectionPointOf(vendor: Vendor, countryCode: string): CollectionPointForm {
  const info = vendor.vendor_information;
  const { location } = info;
  return {
    parentVendorId: vendor.parent_vendor_id,
    clientVendorId: vendor.client_vendor_id ?? vendor.vendor_id,
    name: vendor.name,
    unitNo: location.unit ?? '',
    building: location.building ?? '',
    phone: formatPhoneForDisplay(info.contact.phone ?? '', countryCode),
    riderInstructions: location.rider_instructions ?? '',
    owners: info.owners.length > 0 ? [...info.owners] : [''],
    location:
      location.latitude !== null && location.longitude !== null
        ? {
            formatted_address: location.address_text ?? '',
            latitude: location.latitude,
            longitude: location.longitude,
            city: location.city,
            countryCode: location.country_code,
            zipcode: location.postal_code,
            street: location.street,
            streetNumber: location.street_number,
          }
        : null,
    isEditMode: true,
    vendorId: vendor.vendor_id,
  };
}

/** spec §7 collection point body; the phone in its one spelling (E.164), however it is shown in the field. */
export function toOutletBody(form: CollectionPointForm, countryCode: string): OutletBodyInput {
  const location: CollectionPointLocation | null = form.location;
  return {
    parent_vendor_id: form.parentVendorId,
    client_vendor_id: form.clientVendorId,
    name: form.name,
    address: location?.formatted_address ?? '',
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    rider_instructions: form.riderInstructions || null,
    phone_number: normalisePhoneNumber(form.phone, countryCode),
    city: location?.city ?? null,
    users: form.owners.map((owner) => owner.trim()).filter((owner) => owner !== ''),
    unit: form.unitNo || null,
    building: form.building || null,
    street: location?.street ?? null,
    postal_code: location?.zipcode ?? null,
    country_code: location?.countryCode ?? null,
    street_number: location?.streetNumber ?? null,
  };
}

// The server's field names (spec §7 body) → the form's, to place its errors on the right input.
const FORM_FIELD: Record<string, string> = {
  client_vendor_id: 'clientVendorId',
  name: 'name',
  phone_number: 'phone',
  address: 'location',
};

/** The field errors a refused save answered, keyed as the form's own. */
export function formErrorsOf(errors: readonly { field?: string; message: string }[]): CollectionPointErrors {
  const out: Record<string, string> = {};
  for (const error of errors) {
    if (!error.field) continue;
    const owner = /^users\.(\d+)$/.exec(error.field);
    const field = owner ? `owners.${owner[1]}` : FORM_FIELD[error.field];
    if (field) out[field] = error.message;
  }
  return out as CollectionPointErrors;
}

/** The parent's outlets the branch map draws with their areas (the one being edited is its draggable point). */
export function mapOutletsOf(vendors: readonly Vendor[], parentId: string | null): Vendor[] {
  return vendors.filter((vendor) => !vendor.is_parent && vendor.parent_vendor_id === parentId);
}

/** Where the chosen address is on the map, if one is chosen. */
export function mapPointOf(location: CollectionPointLocation | null): { lat: number; lng: number } | null {
  return location ? { lat: location.latitude, lng: location.longitude } : null;
}

/** What the geocoder told of the chosen place, as badges under the address: city, postal code, country. */
export function placeBadgesOf(location: CollectionPointLocation | null): string[] {
  if (!location) return [];
  return [location.city, location.zipcode, location.countryCode].filter((part): part is string => Boolean(part));
}

/** A parent as the parent select names it. */
export const parentOptionOf = (parent: Vendor) => ({
  value: parent.vendor_id,
  label: `${parent.name} (${parent.vendor_id})`,
});

/** spec §8 success; on create, spec §7 adds that a new collection point takes a few minutes. */
export function savedNoticeKeys(saved: Pick<OutletAnswer['result'], 'is_pending'>): string[] {
  return saved.is_pending ? ['outlet.saved', 'outlet.created-delay'] : ['outlet.saved'];
}

/** The phone as typed (spec §5: digits and '+' only), shown as History shows phones once the field is left. */
export function phoneOnLeave(phone: string, countryCode: string): string {
  return phone === '' ? '' : formatPhoneForDisplay(phone, countryCode);
}
