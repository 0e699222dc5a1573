import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/orders.ts';
import {
  EMPTY_ORDER_FORM,
  formFromOrder,
  type OrderForm,
  type OrderFormContext,
  orderFormSchema,
} from './order-form.ts';

const NOW = Date.UTC(2026, 10, 21, 9, 0);
const context = (step: OrderFormContext['step']): OrderFormContext => ({
  step,
  countryCode: 'PK',
  vendorId: 'pk-khi-0042',
  destination: { latitude: 24.81, longitude: 67.03, formattedAddress: 'Zamzama Boulevard, Karachi', placeId: null },
  timeZone: 'Asia/Karachi',
  now: () => NOW,
});
const filled: OrderForm = {
  ...EMPTY_ORDER_FORM,
  customerName: 'Ayesha Khan',
  phone: '+923001234567',
  amount: '1500',
  paymentMethod: 'CASH_ON_DELIVERY',
};

/** Each failing field with its message, as the form shows them. */
function failures(form: OrderForm, step: OrderFormContext['step']) {
  const result = orderFormSchema(context(step)).safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('the request form (spec §5)', () => {
  it('accepts a filled-in order at both sections', () => {
    expect(failures(filled, 'details')).toEqual({});
    expect(failures(filled, 'payment')).toEqual({});
  });

  it('names every failing field at once, each with its first failure', () => {
    expect(failures({ ...filled, customerName: 'Ayesha 2', phone: '' }, 'details')).toEqual({
      customerName: 'validation.wrong-customer-name',
      phone: 'validation.fill-customer-phone',
    });
    expect(failures({ ...EMPTY_ORDER_FORM, riderNotes: 'x'.repeat(1001) }, 'details')).toEqual({
      riderNotes: 'Notes are too long',
      customerName: 'validation.fill-customer-name',
      phone: 'validation.fill-customer-phone',
      amount: 'validation.fill-amount',
      paymentMethod: 'validation.fill-payment-method',
    });
    expect(failures({ ...filled, amount: '50' }, 'details')).toEqual({ amount: 'Minimum amount of 100 PKR' });
    expect(failures({ ...filled, amount: '100,000,000' }, 'details')).toEqual({
      amount: 'validation.amount-too-high',
    });
  });

  it('checks the rider notes with the other fields when continuing to payment', () => {
    expect(failures({ ...filled, customerName: '', riderNotes: 'x'.repeat(1001) }, 'details')).toEqual({
      riderNotes: 'Notes are too long',
      customerName: 'validation.fill-customer-name',
    });
  });

  it('shows a failure of a field outside the sections with the payment method', () => {
    const withoutVendor = orderFormSchema({ ...context('details'), vendorId: null }).safeParse(filled);
    expect(withoutVendor.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['paymentMethod'], 'error.cant-retrieve-vendor-rar'],
    ]);
  });

  it('checks the VAT number and the delivery time together with the chain when the order is sent', () => {
    const form: OrderForm = {
      ...filled,
      paymentMethod: '',
      vatNumber: 'PK123',
      deliveryTime: 'LATER',
      scheduledAt: '2026-11-24 10:00:00',
    };
    expect(failures(form, 'payment')).toEqual({
      vatNumber: 'request.vat.error',
      scheduledAt: 'request.time.invalid',
      paymentMethod: 'validation.fill-payment-method',
    });
    // The details section does not show those fields.
    expect(failures({ ...form, paymentMethod: 'CASH_ON_DELIVERY' }, 'details')).toEqual({});
  });

  it('says a scheduled time that has passed has passed, not that it is outside the window', () => {
    // 13:45 in Karachi, a quarter of an hour before NOW (14:00).
    const form: OrderForm = { ...filled, deliveryTime: 'LATER', scheduledAt: '2026-11-21 13:45:00' };
    expect(failures(form, 'payment')).toEqual({ scheduledAt: 'validation.preorder-past' });
  });
});

describe('the form of an order being edited', () => {
  it('writes the stored phone as every screen writes it', () => {
    const order = makeOrder({ order_id: 'PK-1' });
    const stored = { ...order, customer: { ...order.customer, phone_number: '+923001234567' } };
    const form = formFromOrder(stored, { code: 'PK', timeZone: 'Asia/Karachi' }, NOW);
    expect(form.phone).toBe('0300 1234567');
  });
});
