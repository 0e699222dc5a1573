import { isPossiblePhone } from '../phone.ts';

/** What a guest gives about themselves: the sender block of the order (spec §3). */
export interface SenderContact {
  name: string;
  phone: string;
  email: string;
}

export type SenderContactErrors = Partial<Record<keyof SenderContact, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The guest's contact, checked as the spec §5 customer fields are; empty when it can be sent. */
export function validateSenderContact(contact: SenderContact, countryCode: string): SenderContactErrors {
  const errors: SenderContactErrors = {};
  const name = contact.name.trim();
  if (!name) errors.name = 'validation.fill-sender-name';
  else if (/\d/.test(name)) errors.name = 'validation.wrong-customer-name';
  // spec §8: a sender phone that is missing or not a number shows the phone helper text (the server's key too).
  if (!isPossiblePhone(contact.phone, countryCode)) errors.phone = 'request.form.phone.helper-text';
  if (!EMAIL.test(contact.email.trim())) errors.email = 'Please enter a valid email';
  return errors;
}

/**
 * spec §5: a guest searches their orders by a valid phone only, never by order id. Answers the key of the
 * refusal, or null when the search may run.
 */
export function guestSearchRefusal(query: string, countryCode: string): string | null {
  const text = query.trim();
  if (text === '') return null;
  return isPossiblePhone(text, countryCode) ? null : 'guest.search.phone-only';
}
