import { VAT_NUMBER_LENGTH } from '../constants.ts';

/** The key the server answers and the browser translates for a VAT number of the wrong length. */
export const VAT_NUMBER_ERROR = 'validation.vat-number';

/** spec §3 vat_number is optional: an empty or blank one means none; a given one loses its edge spaces. */
export function normaliseVatNumber(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** spec §5/§9: a VAT number, when one is given, is 8 characters; null when the value is acceptable. */
export function vatNumberError(value: string | null | undefined): typeof VAT_NUMBER_ERROR | null {
  const vatNumber = normaliseVatNumber(value);
  if (vatNumber === null) return null;
  return Array.from(vatNumber).length === VAT_NUMBER_LENGTH ? null : VAT_NUMBER_ERROR;
}
