import { describe, expect, it } from 'vitest';
import {
  isOrderBodyKey,
  ORDER_BODY_KEYS,
  OrderCreateAnswerSchema,
  type OrderCreateBody,
  OrderCreateBodySchema,
  OrderQuerySchema,
  OrderSchema,
  OrderUpdateBodySchema,
} from './orders.ts';

// A Clifton restaurant sending a parcel to Gulshan-e-Iqbal Block 13-D, with a voucher.
const createBody = (): OrderCreateBody => ({
  vendor_id: 'pk-khi-0042',
  customer: {
    location: {
      latitude: 24.9215,
      longitude: 67.0965,
      address: 'Flat 12, Rufi Apartments, Block 13-D, Gulshan-e-Iqbal, Karachi',
      notes: 'Call at the gate; گیٹ پر فون کریں',
    },
    phone_number: '+923001234567',
    name: 'Ayesha Khan',
  },
  order: { payment_method: 'CASH_ON_DELIVERY', amount: 1850, description: 'Biryani x2, raita', cold_bag_needed: false },
  vat_number: null,
  preordered_for: null,
  age_validation_required: false,
  login_pickup_estimation: 15,
  delivery_fee: 175,
  signature: 'fee.v1.eyJmZWUiOjE3NX0.sig',
  voucher: { code: 'RIDE50', amount: 50, type: 'amount' },
  discounted_delivery_fee: 125,
  discounted_delivery_fee_signature: 'fee.v1.eyJmZWUiOjEyNX0.sig',
  sender: {
    location: { latitude: 24.8225, longitude: 67.0325, address: 'Shop 3, Clifton Block 5, Karachi', notes: '' },
    name: 'Karachi Biryani House',
    email: 'orders@kbh.pk',
    phone_number: '+922135871234',
  },
});

// The same order's edit: a third box, re-quoted.
const updateBody = () => ({
  vendor_id: 'pk-khi-0042',
  payment_method: 'PAID',
  amount: 2000,
  item_details: 'Biryani x3',
  location: { address: 'Block 13-D, Gulshan-e-Iqbal, Karachi', notes: '', latitude: 24.9215, longitude: 67.0965 },
  delivery_fee: 175,
  signature: 'fee.v1.sig',
});

const without = <T extends object>(value: T, key: keyof T): T => {
  const copy = { ...value };
  delete copy[key];
  return copy;
};

describe('OrderCreateBodySchema', () => {
  it('parses a realistic body', () => {
    expect(OrderCreateBodySchema.parse(createBody())).toEqual(createBody());
  });

  it('parses a body without voucher or sender, as a vendor with a saved pickup address sends', () => {
    const body = createBody();
    const plain = without(
      without(without(without(body, 'voucher'), 'discounted_delivery_fee'), 'discounted_delivery_fee_signature'),
      'sender',
    );
    expect(
      OrderCreateBodySchema.safeParse({ ...plain, vat_number: '12345678', preordered_for: 1_735_700_000 }).success,
    ).toBe(true);
  });

  const tampered: [string, (body: OrderCreateBody) => unknown][] = [
    ['a missing signature', (body) => without(body, 'signature')],
    ['an empty signature', (body) => ({ ...body, signature: '' })],
    ['cold_bag_needed true', (body) => ({ ...body, order: { ...body.order, cold_bag_needed: true } })],
    [
      'letters in the sender phone',
      (body) => ({ ...body, sender: { ...body.sender, phone_number: '+92 300 CALLME' } }),
    ],
    [
      'spaces in the sender phone',
      (body) => ({ ...body, sender: { ...body.sender, phone_number: '+92 300 1234567' } }),
    ],
    ['a negative amount', (body) => ({ ...body, order: { ...body.order, amount: -1 } })],
    ['an amount sent as text', (body) => ({ ...body, order: { ...body.order, amount: '1850' } })],
    [
      'a description over 200 characters',
      (body) => ({ ...body, order: { ...body.order, description: 'x'.repeat(201) } }),
    ],
    ['a VAT number of 7 characters', (body) => ({ ...body, vat_number: '1234567' })],
    ['an unknown payment method', (body) => ({ ...body, order: { ...body.order, payment_method: 'BITCOIN' } })],
    [
      'notes over 1000 bytes (500 Urdu letters)',
      (body) => ({
        ...body,
        customer: { ...body.customer, location: { ...body.customer.location, notes: 'ک'.repeat(501) } },
      }),
    ],
    [
      'an address over 255 bytes',
      (body) => ({
        ...body,
        customer: { ...body.customer, location: { ...body.customer.location, address: 'a'.repeat(256) } },
      }),
    ],
    [
      'a latitude out of range',
      (body) => ({ ...body, customer: { ...body.customer, location: { ...body.customer.location, latitude: 91 } } }),
    ],
    ['a voucher without its discounted fee', (body) => without(body, 'discounted_delivery_fee')],
    ['a discounted fee without a voucher', (body) => without(body, 'voucher')],
    ['a voucher of an unknown type', (body) => ({ ...body, voucher: { code: 'X', amount: 1, type: 'free' } })],
    ['a preordered_for in milliseconds as a fraction', (body) => ({ ...body, preordered_for: 1_735_700_000.5 })],
  ];
  it.each(tampered)('rejects %s', (_, tamper) => {
    expect(OrderCreateBodySchema.safeParse(tamper(createBody())).success).toBe(false);
  });

  it('points at the offending field', () => {
    const result = OrderCreateBodySchema.safeParse({
      ...createBody(),
      sender: { ...createBody().sender, phone_number: '0300-1234567' },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['sender.phone_number']);
  });
});

type Body = ReturnType<typeof createBody>;
const withCustomerLocation = (body: Body, patch: object) => ({
  ...body,
  customer: { ...body.customer, location: { ...body.customer.location, ...patch } },
});
const withOrder = (body: Body, patch: object) => ({ ...body, order: { ...body.order, ...patch } });

describe('the keys an order body carries (spec §5, §8)', () => {
  // Each field's every failure answers one key, whatever is wrong with it (apps/api orders/admission.ts).
  const keyed: [string, (body: Body) => unknown, string, string][] = [
    ['a VAT number of 7 characters', (body) => ({ ...body, vat_number: '1234567' }), 'vat_number', 'vatNumber'],
    ['a VAT number with a tab', (body) => ({ ...body, vat_number: '1234\t678' }), 'vat_number', 'vatNumber'],
    ['a missing VAT number', (body) => without(body, 'vat_number'), 'vat_number', 'vatNumber'],
    ['a fractional preordered_for', (body) => ({ ...body, preordered_for: 1.5 }), 'preordered_for', 'preorderWindow'],
    ['a preordered_for as text', (body) => ({ ...body, preordered_for: 'soon' }), 'preordered_for', 'preorderWindow'],
    [
      'an unknown method',
      (body) => withOrder(body, { payment_method: 'BITCOIN' }),
      'order.payment_method',
      'paymentMethod',
    ],
    [
      'a long description',
      (body) => withOrder(body, { description: 'x'.repeat(201) }),
      'order.description',
      'description',
    ],
    [
      'a NUL in the description',
      (body) => withOrder(body, { description: 'a\u0000b' }),
      'order.description',
      'description',
    ],
    [
      'a latitude of 91',
      (body) => withCustomerLocation(body, { latitude: 91 }),
      'customer.location.latitude',
      'coordinates',
    ],
    [
      'a missing longitude',
      (body) => withCustomerLocation(body, { longitude: undefined }),
      'customer.location.longitude',
      'coordinates',
    ],
    [
      'a 256-byte address',
      (body) => withCustomerLocation(body, { address: 'ک'.repeat(128) }),
      'customer.location.address',
      'addressTooLong',
    ],
    [
      '1001-byte notes',
      (body) => withCustomerLocation(body, { notes: 'ک'.repeat(501) }),
      'customer.location.notes',
      'notesTooLong',
    ],
    [
      'letters in the sender phone',
      (body) => ({ ...body, sender: { ...body.sender, phone_number: '+92 300 CALLME' } }),
      'sender.phone_number',
      'senderPhone',
    ],
    ['a sender that is not an object', (body) => ({ ...body, sender: 'me' }), 'sender', 'senderRequired'],
    ['a negative delivery fee', (body) => ({ ...body, delivery_fee: -1 }), 'delivery_fee', 'feeChanged'],
    ['an empty signature', (body) => ({ ...body, signature: '' }), 'signature', 'feeChanged'],
    [
      'a voucher without its discounted fee',
      (body) => without(body, 'discounted_delivery_fee'),
      'discounted_delivery_fee',
      'feeChanged',
    ],
  ];
  it.each(keyed)('%s answers its key at its field', (_, tamper, path, name) => {
    const issues = OrderCreateBodySchema.safeParse(tamper(createBody())).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [path, ORDER_BODY_KEYS[name as keyof typeof ORDER_BODY_KEYS]],
    ]);
    expect(isOrderBodyKey(issues[0]?.message)).toBe(true);
  });

  it('keys the update body the same way', () => {
    const issues = OrderUpdateBodySchema.safeParse({ ...updateBody(), preordered_for: -1 }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([ORDER_BODY_KEYS.preorderWindow]);
  });

  it.each([
    ['a NUL in the customer name', (body: Body) => ({ ...body, customer: { ...body.customer, name: 'a\u0000' } })],
    ['an amount sent as text', (body: Body) => withOrder(body, { amount: '1850' })],
    ['cold_bag_needed true', (body: Body) => withOrder(body, { cold_bag_needed: true })],
  ])('leaves %s to the generic answer', (_, tamper) => {
    const issues = OrderCreateBodySchema.safeParse(tamper(createBody())).error?.issues ?? [];
    expect(issues).toHaveLength(1);
    expect(isOrderBodyKey(issues[0]?.message)).toBe(false);
  });
});

const order = {
  order_id: 'pk-khi-0042-000123',
  vendor_id: 'pk-khi-0042',
  created_at: '2024-05-01T07:00:00.000Z',
  updated_at: '2024-05-01T07:20:00.000Z',
  status: 'PICKED_UP',
  status_history: [
    { status: 'NEW', created_at: '2024-05-01T07:00:00.000Z' },
    { status: 'PICKED_UP', created_at: '2024-05-01T07:20:00+05:00' },
  ],
  preordered_for: null,
  delivery_fee: 175,
  customer: {
    name: 'Ayesha Khan',
    phone_number: '+923001234567',
    location: { address: 'Block 13-D, Gulshan-e-Iqbal, Karachi', latitude: 24.9215, longitude: 67.0965, notes: null },
  },
  order: { amount: 1850, description: 'Biryani x2', payment_method: 'CASH_ON_DELIVERY' },
  rider: { name: 'Imran', phone: '+923451112233' },
  outlet_name: 'Karachi Biryani House, Clifton',
  pickup: {
    name: 'Karachi Biryani House, Clifton',
    phone_number: '+923001112233',
    location: { address: 'Shop 4, Block 5, Clifton, Karachi', latitude: 24.81, longitude: 67.03, notes: null },
  },
  age_validation_required: false,
  discount: 50,
  total_amount: 1975,
  collect_amount: 1975,
  collect_at_pickup_amount: 0,
  fee_paid_by: 'customer',
  notes: null,
  cancel_reason: null,
  cancel_note: null,
  pickup_eta_minutes: null,
  delivery_eta_minutes: 12,
  latest_arrival_at: null,
  collection_type: 'instant',
  voucher_code: 'RIDE50',
  vat_number: null,
  tracking_token: null,
};

describe('OrderSchema', () => {
  it('parses an order record', () => {
    expect(OrderSchema.parse(order)).toEqual(order);
  });

  it.each([
    ['an unknown status', { ...order, status: 'LOST' }],
    ['an unknown cancel reason', { ...order, cancel_reason: 'aliens' }],
    ['a collection type other than instant or scheduled', { ...order, collection_type: 'later' }],
    ['a created_at that is not an instant', { ...order, created_at: '1 May 2024' }],
  ])('rejects %s', (_, value) => {
    expect(OrderSchema.safeParse(value).success).toBe(false);
  });
});

describe('order calls', () => {
  it('answers the created order id in result', () => {
    expect(OrderCreateAnswerSchema.parse({ result: { order_id: 'pk-khi-0042-000124' } }).result.order_id).toBe(
      'pk-khi-0042-000124',
    );
  });

  it('names GET /order query parameters as the spec does', () => {
    expect(OrderQuerySchema.safeParse({ vendorId: 'v', orderId: 'o' }).success).toBe(true);
    expect(OrderQuerySchema.safeParse({ vendor_id: 'v', order_id: 'o' }).success).toBe(false);
  });

  it('requires a signed fee to update an order', () => {
    const update = updateBody();
    expect(OrderUpdateBodySchema.safeParse(update).success).toBe(true);
    expect(OrderUpdateBodySchema.safeParse(without(update, 'signature')).success).toBe(false);
  });
});
