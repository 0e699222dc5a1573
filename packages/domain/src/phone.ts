import {
  AsYouType,
  type CountryCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';

// The one home of phone numbers: parsing, validity, E.164, display, masking and the digits a search compares.
// Nothing else imports libphonenumber-js (scripts/check-boundaries.ts keeps it so).

const countryOf = (countryCode: string): CountryCode | undefined => {
  const country = countryCode.toUpperCase();
  return isSupportedCountry(country) ? (country as CountryCode) : undefined;
};

/** `text` read as a number of the country (a supported one), or of the country its leading + names. */
function parseIn(text: string, countryCode: string): PhoneNumber | undefined {
  const country = countryOf(countryCode);
  return country ? parsePhoneNumberFromString(text, country) : parsePhoneNumberFromString(text);
}

/** `text` as exactly one number, nothing around it (where parseIn finds a number inside other text). */
function parseWhole(text: string, countryCode: string): PhoneNumber | undefined {
  return parsePhoneNumberFromString(text, { defaultCountry: countryOf(countryCode), extract: false });
}

/** The digits and the plus of a text, nothing else: what a phone field keeps (spec §3, §5). */
export const phoneCharacters = (text: string): string => text.replace(/[^\d+]/g, '');

/** The digits of a text: the form in which stored numbers and searches are compared. */
export const phoneDigits = (text: string): string => text.replace(/\D/g, '');

/**
 * One spelling per number ('0300 1234567', '+92 300 1234567' → '+923001234567'), so the same customer
 * typed two ways is one address-book entry. Text that is not a number is returned trimmed.
 */
export function normalisePhoneNumber(phone: string, countryCode: string): string {
  const parsed = parseIn(phone, countryCode);
  return parsed ? parsed.number : phone.trim();
}

/**
 * spec §3: a sender's phone (a guest's or a vendor's) in E.164, holding digits and plus only even when it is
 * not a number.
 */
export const senderPhoneNumber = (phone: string, countryCode: string): string =>
  phoneCharacters(normalisePhoneNumber(phone, countryCode));

/**
 * The digits to look for when someone searches by phone, in international form where the search
 * starts with the national trunk prefix ('0321 987' → '92321987'); null when the text is not a phone.
 */
export function phoneSearchDigits(query: string, callingCode: string): string | null {
  if (!/^[\d\s+()-]+$/.test(query)) return null;
  const digits = phoneDigits(query);
  if (digits === '') return null;
  const calling = phoneDigits(callingCode);
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
  const digits = phoneDigits(query);
  const parsed = parseIn(query, countryCode);
  if (!parsed?.isValid()) return null;
  const international = parsed.number.slice(1);
  // Written as the whole number in one of its forms: international, national with its trunk prefix, or the
  // national number alone. The reader may have dropped or added digits on the way; then it is no match.
  const forms = query.trim().startsWith('+')
    ? [international]
    : [international, parsed.nationalNumber, phoneDigits(parsed.formatNational())];
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

/** spec §5: the phone input defaults to the configured country and formats as the user types. */
export function formatPhoneAsTyped(next: string, previous: string, countryCode: string): string {
  // Formatting while deleting would put back the space or bracket the user just removed.
  if (next.length < previous.length) return next;
  return new AsYouType(countryOf(countryCode)).input(next);
}

/** A number shown to the public: its first three and last four characters, the rest starred. */
export function maskPhone(phone: string): string {
  const characters = phoneCharacters(phone);
  if (characters.length <= 7) return '*'.repeat(characters.length);
  return `${characters.slice(0, 3)}${'*'.repeat(characters.length - 7)}${characters.slice(-4)}`;
}

// The answers for the last numbers checked: a create (and each bulk row) runs the order chain more than once on
// the same number, and parsing a number is the chain's dearest step. Bounded; emptied when full.
const POSSIBLE_PHONES_KEPT = 1024;
const possiblePhones = new Map<string, boolean>();

/**
 * spec §5: the text is one possible number of the deployment's country (or of any country when it starts with
 * +), with nothing around it.
 */
export function isPossiblePhone(phone: string, countryCode: string): boolean {
  const key = `${countryCode.toUpperCase()}\u0000${phone}`;
  const known = possiblePhones.get(key);
  if (known !== undefined) return known;
  const isPossible = parseWhole(phone, countryCode)?.isPossible() ?? false;
  if (possiblePhones.size >= POSSIBLE_PHONES_KEPT) possiblePhones.clear();
  possiblePhones.set(key, isPossible);
  return isPossible;
}

/** The number in E.164 when the text is one possible number of the country (isPossiblePhone); else null. */
export function possiblePhoneNumber(phone: string, countryCode: string): string | null {
  return isPossiblePhone(phone, countryCode) ? (parseWhole(phone, countryCode)?.number ?? null) : null;
}
