import { formatMoney } from '@riderdesk/domain/money';
import { initialRequestState } from '@riderdesk/domain/request-flow';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../../../test/fixtures.ts';
import { EMPTY_ORDER_FORM } from '../order-form.ts';
import { buildRequestSummary } from './build-request-summary.tsx';

const t = ((key: string) => key) as unknown as TFunction;

/** The payment summary of the payment step, for an item of 1,500 and a fee of 95 (orders/charges.ts). */
function paymentSummary(paymentMethod: string) {
  const state = { ...initialRequestState('PK'), step: 'FILL_PAYMENT_DETAILS' as const, deliveryFee: 95 };
  const { payment, total } = buildRequestSummary({
    state,
    form: { ...EMPTY_ORDER_FORM, amount: '1500', paymentMethod: paymentMethod as never },
    vendor: null,
    currency: 'PKR',
    timeZone: 'Asia/Karachi',
    language: 'en',
    t,
    money: (amount) => `PKR ${amount}`,
    dateTime: () => '',
  });
  return { lines: payment.map((line) => [line.label, line.value]), total: total && [total.label, total.value] };
}

describe('the request page payment summary follows orderCharges', () => {
  it.each([
    // method, label of the fee line, collected from the customer at the door
    ['CASH_ON_DELIVERY', 'request.payment-summary.fee-paid-by.customer', 'PKR 1595'],
    ['PAYMENT_ON_DELIVERY', 'request.payment-summary.fee-paid-by.customer', 'PKR 1595'],
    ['PAY_AT_PICKUP', 'request.payment-summary.fee-paid-at-pickup', 'PKR 0'],
    ['PAID', 'request.payment-summary.fee-paid-by.merchant', 'PKR 0'],
    ['ONLINE_PAYMENT', 'request.payment-summary.fee-paid-by-card', 'PKR 0'],
  ])('%s: the fee is "%s", the rider collects %s at the door', (method, feeLabel, collected) => {
    const { lines, total } = paymentSummary(method);
    expect(lines).toContainEqual([feeLabel, 'PKR 95']);
    expect(total).toEqual(['request.payment-summary.collect', collected]);
  });

  it.each([
    [
      'CASH_ON_DELIVERY',
      [
        ['request.payment-summary.amount', 'PKR 1500'],
        ['request.payment-summary.fee-paid-by.customer', 'PKR 95'],
      ],
    ],
    [
      'PAYMENT_ON_DELIVERY',
      [
        ['request.payment-summary.amount', 'PKR 1500'],
        ['request.payment-summary.fee-paid-by.customer', 'PKR 95'],
      ],
    ],
    ['PAID', [['request.payment-summary.fee-paid-by.merchant', 'PKR 95']]],
    ['ONLINE_PAYMENT', [['request.payment-summary.fee-paid-by-card', 'PKR 95']]],
  ])(
    '%s: lists the fee once, and the order amount when the rider collects it, so the lines add up',
    (method, expected) => {
      expect(paymentSummary(method).lines).toEqual(expected);
    },
  );

  it('says a card-paid fee is charged to the card, not put on the statement', () => {
    const { lines } = paymentSummary('ONLINE_PAYMENT');
    expect(lines.map(([label]) => label)).not.toContain('request.payment-summary.fee-paid-by.merchant');
  });
});

describe('the request summary’s pickup', () => {
  it('is the guest’s pickup address, not the guest vendor’s name', () => {
    const { order } = buildRequestSummary({
      state: initialRequestState('PK'),
      form: EMPTY_ORDER_FORM,
      vendor: makeVendor({ vendor_id: 'guest-616f0123', name: 'guest' }),
      currency: 'PKR',
      timeZone: 'Asia/Karachi',
      language: 'en',
      t,
      money: (amount) => `PKR ${amount}`,
      dateTime: () => '',
      pickupName: 'Tariq Road, Karachi',
    });
    expect(order[0]).toEqual({ label: 'request.summary.pickup', value: 'Tariq Road, Karachi' });
  });
});

describe('the request page order summary', () => {
  it('joins the drop-off address with the Urdu comma in Urdu', () => {
    const state = {
      ...initialRequestState('PK'),
      step: 'FILL_PAYMENT_DETAILS' as const,
      destination: { formattedAddress: 'زمزمہ، کراچی', lat: 24.8, lng: 67.03 } as never,
    };
    const summary = (language: string) =>
      buildRequestSummary({
        state,
        form: { ...EMPTY_ORDER_FORM, unitNumber: 'فلیٹ 4', building: 'الفلاح ٹاور' },
        vendor: null,
        currency: 'PKR',
        timeZone: 'Asia/Karachi',
        language,
        t,
        money: (amount) => `PKR ${amount}`,
        dateTime: () => '',
      }).order.find((line) => line.label === 'request.summary.drop-off')?.value;
    expect(summary('ur_alt')).toBe('فلیٹ 4، الفلاح ٹاور، زمزمہ، کراچی');
    expect(summary('en')).toBe('فلیٹ 4, الفلاح ٹاور, زمزمہ، کراچی');
  });
});

describe('the request page voucher discount', () => {
  it('writes the discount as a signed amount whose minus stays on the number in Urdu', () => {
    const state = {
      ...initialRequestState('PK'),
      step: 'FILL_ORDER_DETAILS' as const,
      deliveryFee: 95,
      discountedDeliveryFee: 76,
      voucher: { code: 'SAVE20' } as never,
    };
    const { payment } = buildRequestSummary({
      state,
      form: EMPTY_ORDER_FORM,
      vendor: null,
      currency: 'PKR',
      timeZone: 'Asia/Karachi',
      language: 'ur_alt',
      t,
      money: (amount) => formatMoney(amount, 'PKR', 'ur_alt'),
      dateTime: () => '',
    });
    expect(payment.find((line) => line.label === 'request.payment-summary.discount')?.value).toBe(
      '\u2066\u221219\u2069\u00a0روپے',
    );
  });
});
