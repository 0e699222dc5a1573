import { type CountryCode, isSupportedCountry, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

/** `text` read as a number of the country (a supported one), or of the country its leading + names. */
function parseIn(text: string, countryCode: string): PhoneNumber | undefined {
  const country = countryCode.toUpperCase();
  return isSupportedCountry(country)
    ? parsePhoneNumberFromString(text, country as CountryCode)
    : parsePhoneNumberFromString(text);
}

/**
 * One spelling per number ('0300 1234567', '+92 300 1234567' → '+923001234567'), so the same customer
 * typed two ways is one address-book entry. Text that is not a number is returned trimmed.
 */
export function normalisePhoneNumber(phone: string, countryCode: string): string {
  const parsed = parseIn(phone, countryCode);
  return parsed ? parsed.number : phone.trim();
}

/**
 * The digits to look for when someone searches by phone, in international form where the search
 * starts with the national trunk prefix ('0321 987' → '92321987'); null when the text is not a phone.
 */
export function phoneSearchDigits(query: string, callingCode: string): string | null {
  if (!/^[\d\s+()-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  if (digits === '') return null;
  const calling = callingCode.replace(/\D/g, '');
  return !query.trim().startsWith('+') && digits.startsWith('0') ? `${calling}${digits.slice(1)}` : digits;
}

/**
 * The whole number a search names, as the digits of its international form ('0300 1234567', '300 1234567',
 * '+92 300 1234567' → '923001234567'), when the search is exactly one valid number of the country (or, with
 * a leading +, of any): no digit missing, none extra. Null for anything else (part of a number, text). Such a
 * search is compared with the stored numbers whole, through an ordinary index, instead of as a substring.
 */
export function completePhoneDigits(query: string, countryCode: string): string | null {
  if (!/^[\d\s+()-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  const parsed = parseIn(query, countryCode);
  if (!parsed?.isValid()) return null;
  const international = parsed.number.slice(1);
  // Written as the whole number in one of its forms: international, national with its trunk prefix, or the
  // national number alone. The reader may have dropped or added digits on the way; then it is no match.
  const forms = query.trim().startsWith('+')
    ? [international]
    : [international, parsed.nationalNumber, parsed.formatNational().replace(/\D/g, '')];
  return forms.includes(digits) ? international : null;
}

/**
 * A stored number as people read it: the national form for a number of the deployment's country
 * ('+922135871234' → '(021) 35871234'), the international form for others; text that is not a number is
 * returned as it is.
 */
export function formatPhoneForDisplay(phone: string, countryCode: string): string {
  const parsed = parseIn(phone, countryCode);
  if (!parsed?.isPossible()) return phone;
  return parsed.country === countryCode.toUpperCase() ? parsed.formatNational() : parsed.formatInternational();
}

/** spec §5: a possible number for the deployment's country (or any country when it starts with +). */
export function isPossiblePhone(phone: string, countryCode: string): boolean {
  const parsed = parseIn(phone, countryCode);
  return parsed?.isPossible() ?? false;
}
