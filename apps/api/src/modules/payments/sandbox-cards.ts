import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CardField } from '@riderdesk/domain/contracts/payments';
import cardValidator from 'card-validator';
import type { ProviderCard } from './provider.ts';

/**
 * The sandbox processor's test cards (README "Card payments"), as processors' test modes document theirs.
 * Any expiry in the future and any CVC of the scheme's length go with them.
 */
export const TEST_CARDS = {
  '4242424242424242': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
  '4000008400001629': 'challenge_fails',
} as const;

/** What the sandbox does with a card; any other valid number is declined, as in a real test mode. */
export type CardBehaviour = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

export interface SealedCard extends ProviderCard {
  behaviour: CardBehaviour | 'declined';
}

export interface CardInput {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  holderName: string;
}

/** Luhn, scheme, expiry (against the app clock) and CVC length; answers the fields in error. */
export function checkCard(input: CardInput, now: Date): { card: SealedCard } | { errors: CardField[] } {
  const digits = input.number.replace(/[\s-]/g, '');
  const errors: CardField[] = [];
  const number = /^\d{12,19}$/.test(digits) ? cardValidator.number(digits) : null;
  if (!number?.isValid || !number.card) errors.push('number');

  const month = Number(input.expMonth);
  const rawYear = Number(input.expYear);
  const year = input.expYear.length === 2 ? 2000 + rawYear : rawYear;
  const isMonthValid = /^\d{1,2}$/.test(input.expMonth) && month >= 1 && month <= 12;
  const isYearValid = /^(\d{2}|\d{4})$/.test(input.expYear);
  // A card is valid until the end of its expiry month.
  const isCurrent =
    isMonthValid && isYearValid && Date.UTC(year, month, 1) > now.getTime() && year <= now.getUTCFullYear() + 20;
  if (!isCurrent) errors.push('expiry');

  const cvcSize = number?.card?.code.size ?? 3;
  if (!cardValidator.cvv(input.cvc, cvcSize).isValid) errors.push('cvc');
  if (input.holderName.trim().length === 0) errors.push('holder_name');
  if (errors.length > 0 || !number?.card) return { errors };

  const behaviour: SealedCard['behaviour'] = TEST_CARDS[digits as keyof typeof TEST_CARDS] ?? 'declined';
  return {
    card: {
      behaviour,
      scheme: number.card.type,
      bin: digits.slice(0, 6),
      last4: digits.slice(-4),
      expMonth: month,
      expYear: year,
    },
  };
}

/**
 * A card token or instrument: what the sandbox knows of a card (never its number), sealed with an HMAC so
 * the merchant's page can carry it but not forge one. A token names its wallet and expires; an instrument
 * (a saved card) does neither.
 */
export function sealCard(
  secret: string,
  kind: 'tok' | 'inst',
  card: SealedCard,
  binding: { walletId: string; expiresAt: Date } | null,
): string {
  const payload = Buffer.from(
    JSON.stringify({
      k: kind,
      c: card,
      w: binding?.walletId ?? null,
      e: binding ? Math.floor(binding.expiresAt.getTime() / 1000) : null,
    }),
  ).toString('base64url');
  return `${kind}_${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

export function openCard(
  secret: string,
  kind: 'tok' | 'inst',
  sealed: string,
  context: { walletId: string; now: Date },
): SealedCard | null {
  const prefix = `${kind}_`;
  if (!sealed.startsWith(prefix)) return null;
  const [payload = '', mac = ''] = sealed.slice(prefix.length).split('.', 2);
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      k: string;
      c: SealedCard;
      w: string | null;
      e: number | null;
    };
    if (data.k !== kind) return null;
    if (kind === 'tok' && (data.w !== context.walletId || (data.e ?? 0) * 1000 < context.now.getTime())) return null;
    return data.c;
  } catch {
    return null;
  }
}
