import { describe, expect, it } from 'vitest';
import { senderPhoneNumber } from '../phone.ts';
import { guestSearchRefusal, validateSenderContact } from './guest-rules.ts';

describe('guest rules', () => {
  it('accepts a complete contact and names each missing or wrong field', () => {
    expect(
      validateSenderContact({ name: 'Sana Malik', phone: '0321 1234567', email: 'sana@example.pk' }, 'PK'),
    ).toEqual({});
    expect(validateSenderContact({ name: ' ', phone: '', email: 'nope' }, 'PK')).toEqual({
      name: 'validation.fill-sender-name',
      phone: 'request.form.phone.helper-text',
      email: 'Please enter a valid email',
    });
    expect(validateSenderContact({ name: 'R2D2', phone: '12', email: 'a@b.pk' }, 'PK')).toEqual({
      name: 'validation.wrong-customer-name',
      phone: 'request.form.phone.helper-text',
    });
  });

  it('sends the phone as digits and plus only', () => {
    expect(senderPhoneNumber('0321 123-4567', 'PK')).toBe('+923211234567');
  });

  it.each([
    ['0321 1234567', null],
    ['+92 321 1234567', null],
    ['', null],
    // spec §5: no search by order id, nor by a name or a fragment of a number.
    ['pk-chai-1234', 'guest.search.phone-only'],
    ['Ayesha', 'guest.search.phone-only'],
    ['0321', 'guest.search.phone-only'],
  ])('a guest search for %j is refused with %j', (query, refusal) => {
    expect(guestSearchRefusal(query, 'PK')).toBe(refusal);
  });
});
