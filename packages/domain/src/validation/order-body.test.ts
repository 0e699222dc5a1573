import { describe, expect, it } from 'vitest';
import { orderPayloadFromCreateBody, orderPayloadFromUpdateBody, vendorIdOfBody } from './order-body.ts';
import { type OrderPayloadContext, validateOrderPayload } from './order-payload.ts';

// The server's admission (apps/api/src/modules/orders/admission.ts) runs the chain over the payload a body reads as.
const validateOrderCreateBody = (raw: unknown, context: OrderPayloadContext) =>
  validateOrderPayload(orderPayloadFromCreateBody(raw), context);
const validateOrderUpdateBody = (
  raw: unknown,
  stored: { customer_name: string; customer_phone: string },
  context: OrderPayloadContext,
) => validateOrderPayload(orderPayloadFromUpdateBody(raw, stored), context);

const CONTEXT = { countryCode: 'PK', vendorId: 'pk-grill' };
const BODY = {
  vendor_id: 'pk-grill',
  customer: {
    location: { latitude: 24.81, longitude: 67.04, address: 'House 14, Street 3, Clifton', notes: '' },
    phone_number: '+923001234567',
    name: 'Ayesha Khan',
  },
  order: { payment_method: 'CASH_ON_DELIVERY', amount: 1500, description: 'Biryani', cold_bag_needed: false },
  vat_number: null,
  preordered_for: null,
};

describe('the spec §5 chain over the wire bodies, shared by browser and server', () => {
  it('accepts a valid create body', () => {
    expect(validateOrderCreateBody(BODY, CONTEXT)).toEqual({ ok: true });
  });

  it.each([
    ['no vendor', { ...CONTEXT, vendorId: null }, BODY, 'error.cant-retrieve-vendor-rar'],
    [
      'a name with digits',
      CONTEXT,
      { ...BODY, customer: { ...BODY.customer, name: 'Ayesha 2' } },
      'validation.wrong-customer-name',
    ],
    [
      'an impossible phone',
      CONTEXT,
      { ...BODY, customer: { ...BODY.customer, phone_number: '+92 1' } },
      'validation.phone-incorrect',
    ],
    ['less than the minimum', CONTEXT, { ...BODY, order: { ...BODY.order, amount: 99 } }, 'Minimum amount of 100 PKR'],
    [
      'no payment method',
      CONTEXT,
      { ...BODY, order: { ...BODY.order, payment_method: '' } },
      'validation.fill-payment-method',
    ],
  ])('names the first failing step for %s', (_label, context, body, key) => {
    const result = validateOrderCreateBody(body, context);
    expect(result.ok ? null : result.key).toBe(key);
  });

  it('reads a body that is not even an object as empty, and still names the first step', () => {
    const result = validateOrderCreateBody('nonsense', CONTEXT);
    expect(result.ok ? null : result.key).toBe('validation.fill-customer-name');
    expect(vendorIdOfBody({ vendor_id: '  ' })).toBeNull();
    expect(vendorIdOfBody({ vendor_id: ' pk-grill ' })).toBe('pk-grill');
  });

  it('checks an edit with the stored name and phone', () => {
    const edit = {
      vendor_id: 'pk-grill',
      payment_method: 'PAID',
      amount: 2000,
      item_details: 'Three boxes',
      location: { address: 'House 12, Bahadurabad', notes: '', latitude: 24.88, longitude: 67.06 },
    };
    const stored = { customer_name: 'Ayesha Khan', customer_phone: '+923001234567' };
    expect(validateOrderUpdateBody(edit, stored, CONTEXT)).toEqual({ ok: true });
    const result = validateOrderUpdateBody({ ...edit, amount: 10 }, stored, CONTEXT);
    expect(result.ok ? null : result.key).toBe('Minimum amount of 100 PKR');
  });

  it('checks the name and phone an edit carries instead of the stored ones', () => {
    const edit = {
      vendor_id: 'pk-grill',
      payment_method: 'PAID',
      amount: 2000,
      item_details: 'Three boxes',
      location: { address: 'House 12, Bahadurabad', notes: '', latitude: 24.88, longitude: 67.06 },
    };
    const stored = { customer_name: 'Ayesha Khan', customer_phone: '+923001234567' };
    const renamed = validateOrderUpdateBody(
      { ...edit, customer: { name: 'R2D2', phone_number: '0300 1234567' } },
      stored,
      CONTEXT,
    );
    expect(renamed.ok ? null : renamed.key).toBe('validation.wrong-customer-name');
    const rephoned = validateOrderUpdateBody(
      { ...edit, customer: { name: 'Bilal', phone_number: '12' } },
      stored,
      CONTEXT,
    );
    expect(rephoned.ok ? null : rephoned.key).toBe('validation.phone-incorrect');
  });
});
