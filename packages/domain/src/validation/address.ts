import { NOTES_MAX_BYTES, STREET_MAX_BYTES } from '../constants.ts';

export type LatLng = { lat: number; lng: number };

export type AddressInput = {
  latitude?: number | null;
  longitude?: number | null;
  street?: string | null;
  notes?: string | null;
};

export type AddressField = 'coordinates' | 'street' | 'notes';
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The text's length in UTF-8 bytes (a lone surrogate counts as U+FFFD, as TextEncoder writes it). */
export function utf8ByteLength(text: string): number {
  // Counted from the UTF-16 units rather than by encoding: each address of a 25 000-row file is measured.
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else {
        bytes += 3;
      }
    } else bytes += 3;
  }
  return bytes;
}

function hasCoordinate(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// spec §5 "Addresses and delivery": the texts are the messages (the catalogues translate them).
export const NO_COORDINATES_MESSAGE = 'No coordinates for that address';
export const ADDRESS_TOO_LONG_MESSAGE = 'Address is too long';
export const NOTES_TOO_LONG_MESSAGE = 'Notes are too long';

/** spec §5 "Addresses and delivery": every failing field with its message; empty when valid. */
export function validateAddress(address: AddressInput): AddressErrors {
  const errors: AddressErrors = {};
  if (!hasCoordinate(address.latitude) || !hasCoordinate(address.longitude)) {
    errors.coordinates = NO_COORDINATES_MESSAGE;
  }
  // spec §9: limits are in bytes, so multi-byte scripts (Urdu, Thai) reach them with fewer characters.
  if (utf8ByteLength(address.street ?? '') > STREET_MAX_BYTES) errors.street = ADDRESS_TOO_LONG_MESSAGE;
  if (utf8ByteLength(address.notes ?? '') > NOTES_MAX_BYTES) errors.notes = NOTES_TOO_LONG_MESSAGE;
  return errors;
}

/** The message to show for an address, in spec §5 order (coordinates, street, notes); null when valid. */
export function firstAddressError(address: AddressInput): string | null {
  const errors = validateAddress(address);
  return errors.coordinates ?? errors.street ?? errors.notes ?? null;
}

const LAT_LNG_QUERY = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*,\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*$/;

/** spec §5: a search query that looks like 'lat, lng' is treated as coordinates. */
export function parseLatLngQuery(query: string): LatLng | null {
  const match = LAT_LNG_QUERY.exec(query);
  if (!match?.[1] || !match[2]) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
