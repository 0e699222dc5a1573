import { z } from 'zod';
import { phoneCharacters } from '../phone.ts';

// spec §3 "Collection point form".
export type CollectionPointLocation = {
  formatted_address: string;
  latitude: number;
  longitude: number;
  city?: string | null;
  countryCode?: string | null;
  zipcode?: string | null;
  street?: string | null;
  streetNumber?: string | null;
};

export type CollectionPointForm = {
  parentVendorId: string | null;
  clientVendorId: string;
  name: string;
  unitNo?: string | null;
  building?: string | null;
  phone: string;
  riderInstructions?: string | null;
  owners: readonly string[];
  location: CollectionPointLocation | null;
  isEditMode?: boolean;
  vendorId?: string | null;
};

export type CollectionPointField = 'clientVendorId' | 'name' | 'phone' | 'location' | `owners.${number}`;
export type CollectionPointErrors = Partial<Record<CollectionPointField, string>>;

export const COLLECTION_POINT_MESSAGES = {
  clientVendorId: 'Please enter collection point ID',
  name: 'Please enter label',
  phone: 'Please enter phone number',
  location: 'Please select pickup address',
  owner: 'Please enter a valid email',
} as const;

const emailSchema = z.email();

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value.trim()).success;
}

/** spec §5: the collection point's phone input keeps only digits and '+' (the phone module's rule). */
export const sanitizePhone = phoneCharacters;

/** spec §5: a parent vendor must be chosen when several exist; the first is the default. */
export function defaultParentVendorId(parentVendorIds: readonly string[]): string | null {
  return parentVendorIds[0] ?? null;
}

function hasLocation(location: CollectionPointLocation | null): boolean {
  return (
    location !== null &&
    location.formatted_address.trim() !== '' &&
    Number.isFinite(location.latitude) &&
    Number.isFinite(location.longitude)
  );
}

/** spec §5 "Collection point submit": every failing field with its message; empty when valid. */
export function validateCollectionPoint(form: CollectionPointForm): CollectionPointErrors {
  const errors: CollectionPointErrors = {};
  if (form.clientVendorId.trim() === '') errors.clientVendorId = COLLECTION_POINT_MESSAGES.clientVendorId;
  if (form.name.trim() === '') errors.name = COLLECTION_POINT_MESSAGES.name;
  if (sanitizePhone(form.phone) === '') errors.phone = COLLECTION_POINT_MESSAGES.phone;
  if (!hasLocation(form.location)) errors.location = COLLECTION_POINT_MESSAGES.location;
  form.owners.forEach((owner, index) => {
    // spec §5: only non-empty owner e-mails are checked.
    if (owner.trim() !== '' && !isValidEmail(owner)) errors[`owners.${index}`] = COLLECTION_POINT_MESSAGES.owner;
  });
  return errors;
}

export function hasErrors(errors: CollectionPointErrors): boolean {
  return Object.keys(errors).length > 0;
}

const pathOf = (field: string) => field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The form's schema for react-hook-form (decision 037): the spec §5 rule above, each failing field an issue at
 * its path ('owners.1' → owners[1]) with the rule's message.
 */
export const CollectionPointFormSchema = z.custom<CollectionPointForm>().superRefine((form, context) => {
  for (const [field, message] of Object.entries(validateCollectionPoint(form))) {
    context.addIssue({ code: 'custom', path: pathOf(field), message });
  }
});
