import type { OutletBodyInput } from '@riderdesk/domain/contracts/outlets';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
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

/** The form of an existing outlet, as its vendor record holds it. */
export function collectionPointOf(vendor: Vendor): CollectionPointForm {
  const info = vendor.vendor_information;
  const { location } = info;
  return {
    parentVendorId: vendor.parent_vendor_id,
    clientVendorId: vendor.client_vendor_id ?? vendor.vendor_id,
    name: vendor.name,
    unitNo: location.unit ?? '',
    building: location.building ?? '',
    phone: info.contact.phone ?? '',
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

/** spec §7 collection point body. */
export function toOutletBody(form: CollectionPointForm): OutletBodyInput {
  const location: CollectionPointLocation | null = form.location;
  return {
    parent_vendor_id: form.parentVendorId,
    client_vendor_id: form.clientVendorId,
    name: form.name,
    address: location?.formatted_address ?? '',
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    rider_instructions: form.riderInstructions || null,
    phone_number: form.phone,
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

/**
 * spec §5: changing a field clears its error. Owner rows shift when one is removed, so removing clears them all.
 */
export function withoutError(errors: CollectionPointErrors, field: string): CollectionPointErrors {
  if (field === 'owners') {
    return Object.fromEntries(
      Object.entries(errors).filter(([key]) => !key.startsWith('owners.')),
    ) as CollectionPointErrors;
  }
  const { [field as keyof CollectionPointErrors]: _cleared, ...rest } = errors;
  return rest;
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
