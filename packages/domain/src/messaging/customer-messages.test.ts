import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ur from '../../locales/ur_alt.json';
import type { OrderStatus, OrderWithHistory } from '../order-status.ts';
import {
  fillTemplate,
  isLaterState,
  isStillCurrent,
  MESSAGE_KINDS,
  type MessageKind,
  messageTextKey,
  quietHoursEnd,
  replyIntent,
  triggerOfStatus,
  whatsappParameters,
  whatsappTemplateBody,
} from './customer-messages.ts';

const orderThrough = (...statuses: OrderStatus[]): OrderWithHistory => ({
  status: statuses.at(-1)!,
  status_history: statuses.map((status, index) => ({
    status,
    created_at: new Date(Date.UTC(2026, 2, 10, 8, index)).toISOString(),
  })),
});

const PLACED: OrderStatus[] = ['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT'];

describe('triggerOfStatus', () => {
  it.each([
    [['NEW', 'RECEIVED'], null],
    [[...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'NEAR_VENDOR', 'PICKED_UP'], 'picked_up'],
    [
      [...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'NEAR_VENDOR', 'PICKED_UP', 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER'],
      'rider_near',
    ],
    [[...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'NEAR_VENDOR', 'PICKED_UP', 'NEAR_CUSTOMER', 'DELIVERED'], 'delivered'],
    [[...PLACED, 'CANCELLED'], 'failed'],
    [['NEW', 'STALLED'], 'failed'],
    [
      [...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'NEAR_VENDOR', 'PICKED_UP', 'COURIER_LEFT_VENDOR', 'RETURN_INITIATED'],
      'failed',
    ],
    // A card order is confirmed when its payment moves it to NEW; one whose payment failed never existed.
    [['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW'], 'order_confirmed'],
    [['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_FAILED'], null],
    [['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'CANCELLED'], null],
    // Overlays and the return's end tell nothing new.
    [[...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'DELAYED'], null],
    [['NEW', 'MODIFIED'], null],
    [[...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'RETURN_INITIATED', 'RETURNED_TO_VENDOR'], null],
  ] as [OrderStatus[], string | null][])('%j fires %s', (statuses, trigger) => {
    expect(triggerOfStatus(orderThrough(...statuses))).toBe(trigger);
  });
});

describe('isStillCurrent', () => {
  const collected = orderThrough(...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'NEAR_VENDOR', 'PICKED_UP');
  const near = orderThrough(...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'NEAR_CUSTOMER');
  const delivered = orderThrough(...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'NEAR_CUSTOMER', 'DELIVERED');
  const cancelled = orderThrough(...PLACED, 'CANCELLED');

  it('drops news of a stage the order has left, never a receipt', () => {
    expect(isStillCurrent('order_confirmed', orderThrough(...PLACED))).toBe(true);
    expect(isStillCurrent('order_confirmed', collected)).toBe(false);
    expect(isStillCurrent('order_confirmed', cancelled)).toBe(false);
    expect(isStillCurrent('picked_up', collected)).toBe(true);
    expect(isStillCurrent('picked_up', near)).toBe(false);
    expect(isStillCurrent('rider_near', near)).toBe(true);
    expect(isStillCurrent('rider_near', delivered)).toBe(false);
    expect(isStillCurrent('delivered', delivered)).toBe(true);
    expect(isStillCurrent('failed', cancelled)).toBe(true);
  });

  it("asks a cash order's customer to confirm only while the order waits for them", () => {
    const received = orderThrough('NEW', 'RECEIVED');
    expect(isStillCurrent('cash_confirmation', { ...received, customer_confirmation: 'awaiting' })).toBe(true);
    expect(isStillCurrent('cash_confirmation', { ...received, customer_confirmation: 'confirmed' })).toBe(false);
    expect(isStillCurrent('cash_confirmation', { ...cancelled, customer_confirmation: 'awaiting' })).toBe(false);
  });

  it('reads the stage under a DELAYED overlay', () => {
    const delayedNear = orderThrough(...PLACED, 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'NEAR_CUSTOMER', 'DELAYED');
    expect(isStillCurrent('rider_near', delayedNear)).toBe(true);
  });
});

describe('quietHoursEnd', () => {
  const zone = 'Asia/Karachi';
  // 22:30 in Karachi (UTC+5).
  const lateEvening = new Date('2026-03-10T17:30:20Z');

  it('answers the end of overnight quiet hours from inside them', () => {
    expect(quietHoursEnd('2200:0800', lateEvening, zone)?.toISOString()).toBe('2026-03-11T03:00:00.000Z');
    expect(quietHoursEnd('2200:0800', new Date('2026-03-11T02:59:00Z'), zone)?.toISOString()).toBe(
      '2026-03-11T03:00:00.000Z',
    );
  });

  it('answers null outside them, at their end minute, and without any', () => {
    expect(quietHoursEnd('2200:0800', new Date('2026-03-11T03:00:00Z'), zone)).toBeNull();
    expect(quietHoursEnd('2200:0800', new Date('2026-03-10T08:00:00Z'), zone)).toBeNull();
    expect(quietHoursEnd(null, lateEvening, zone)).toBeNull();
    expect(quietHoursEnd('0800:0800', lateEvening, zone)).toBeNull();
  });

  it('takes hours within one day', () => {
    expect(quietHoursEnd('1300:1400', new Date('2026-03-10T08:15:00Z'), zone)?.toISOString()).toBe(
      '2026-03-10T09:00:00.000Z',
    );
  });
});

describe('replyIntent', () => {
  it.each([
    ['STOP', 'stop'],
    [' stop. ', 'stop'],
    ['Unsubscribe', 'stop'],
    ['بند', 'stop'],
    ['start', 'start'],
    ['1', 'confirm'],
    ['۱', 'confirm'],
    ['please stop calling me', 'other'],
    ['11', 'other'],
  ])('%j is %s', (text, kind) => {
    expect(replyIntent(text).kind).toBe(kind);
  });

  it('reads a language name', () => {
    expect(replyIntent('urdu')).toEqual({ kind: 'language', language: 'ur_alt' });
    expect(replyIntent('اردو')).toEqual({ kind: 'language', language: 'ur_alt' });
    expect(replyIntent('English')).toEqual({ kind: 'language', language: 'en' });
  });
});

describe('isLaterState', () => {
  it('moves on, never back', () => {
    expect(isLaterState('sending', 'delivered')).toBe(true);
    expect(isLaterState('sent', 'delivered')).toBe(true);
    expect(isLaterState('delivered', 'sent')).toBe(false);
    expect(isLaterState('delivered', 'failed')).toBe(false);
  });
});

describe('the texts of the catalogues', () => {
  type Catalogue = { 'customer-messages': { text: Record<string, string> } };
  const texts = (catalogue: unknown) => (catalogue as Catalogue)['customer-messages'].text;
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
  const keys = MESSAGE_KINDS.flatMap((kind: MessageKind) => [
    messageTextKey(kind, {}),
    messageTextKey(kind, { pin: '1234' }),
  ]).map((key) => key.split('.').at(-1)!);

  it.each([...new Set(keys)])('%s exists in both languages with the same placeholders', (key) => {
    const english = texts(en)[key];
    const urdu = texts(ur)[key];
    expect(english).toBeTruthy();
    expect(urdu).toBeTruthy();
    expect(placeholders(urdu!)).toEqual(placeholders(english!));
    // Nothing personal: the customer's name, address or phone is never a placeholder.
    expect(
      placeholders(english!).every((name) => ['merchant', 'brand', 'link', 'pin', 'amount', 'minutes'].includes(name!)),
    ).toBe(true);
  });

  it('says "less than 5 minutes away" when the rider is near (spec §4)', () => {
    expect(texts(en).rider_near).toContain('less than 5 minutes away');
  });

  it('gives WhatsApp the same numbered parameters in both languages', () => {
    const values = { brand: 'Riderdesk', merchant: 'Chai Khana', link: 'https://x.pk/tracking/abc', pin: '4821' };
    const english = texts(en).order_confirmed_pin!;
    const urdu = texts(ur).order_confirmed_pin!;
    expect(whatsappParameters(english, values)).toEqual([
      'Chai Khana',
      'Riderdesk',
      'https://x.pk/tracking/abc',
      '4821',
    ]);
    expect(whatsappParameters(urdu, values)).toEqual(whatsappParameters(english, values));
    expect(whatsappTemplateBody('{{merchant}}: PIN {{pin}}, {{link}}')).toBe('{{1}}: PIN {{3}}, {{2}}');
    expect(fillTemplate(english, values)).toContain('PIN 4821');
  });
});
