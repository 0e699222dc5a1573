import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OriginAddress } from './contracts/geo.ts';
import type { Order } from './contracts/orders.ts';
import {
  checkServiceHours,
  initialRequestState,
  isEditing,
  payableDeliveryFee,
  REQUEST_STEPS,
  type RequestDestination,
  type RequestEvent,
  type RequestState,
  type RequestStep,
  requestFlowReducer,
  submitMessages,
  type VendorContext,
} from './request-flow.ts';
import type { OrderPayload } from './validation/order-payload.ts';

const VENDOR: VendorContext = { vendorId: 'pk-khi-0042', countryCode: 'PK', hasVendorCoordinates: true };
const NEW_VENDOR: VendorContext = { vendorId: 'pk-khi-0099', countryCode: 'PK', hasVendorCoordinates: false };

const ORIGIN: OriginAddress = {
  address_text: 'Shop 3, Clifton Block 5, Karachi',
  unit: null,
  notes: null,
  building: null,
  city: 'Karachi',
  country_code: 'PK',
  latitude: 24.8225,
  longitude: 67.0325,
  postal_code: '75600',
  street_address: null,
};
const GULSHAN: RequestDestination = {
  latitude: 24.9215,
  longitude: 67.0965,
  formattedAddress: 'Gulshan-e-Iqbal Block 13-D, Gulshan-e-Iqbal, Karachi, Sindh, Pakistan',
  placeId: 'khi-gulshan-e-iqbal-block-13-d',
};
const BAHADURABAD: RequestDestination = {
  latitude: 24.8818,
  longitude: 67.0672,
  formattedAddress: 'Bahadurabad, Karachi, Sindh, Pakistan',
  placeId: 'khi-bahadurabad',
};
const NO_COORDINATES: RequestDestination = { ...GULSHAN, latitude: null, longitude: null };
const DETAILS: OrderPayload = {
  destinationName: 'Ayesha Khan',
  destinationPhoneNumber: '+923001234567',
  destinationTextAddress: GULSHAN.formattedAddress,
  orderAmount: 1850,
  orderDescription: 'Biryani x2',
  paymentMethod: 'CASH_ON_DELIVERY',
};
const ESTIMATIONS = { pickup_minutes: 12, delivery_minutes: 30 };

const start: RequestEvent = { type: 'start', ...VENDOR };
const startWithoutOrigin: RequestEvent = { type: 'start', ...VENDOR, hasVendorCoordinates: false };
const open: RequestEvent = { type: 'serviceHoursChecked', isOpen: true, serviceHours: '0900:2300' };
const closed: RequestEvent = { type: 'serviceHoursChecked', isOpen: false, serviceHours: '0900:2300' };
const options: RequestEvent = {
  type: 'paymentOptionsLoaded',
  availablePaymentMethods: ['CASH_ON_DELIVERY', 'PAID'],
  hasPaymentActivated: false,
  orderItemValueExceedLimit: 20_000,
};
const choose = (destination: RequestDestination = GULSHAN): RequestEvent => ({
  type: 'destinationChosen',
  destination,
});
const deliverable = (seq: number, deliveryFee = 175): RequestEvent => ({
  type: 'destinationValidated',
  seq,
  result: { deliverable: true, deliveryFee, signature: `sig-${seq}-${deliveryFee}`, estimations: ESTIMATIONS },
});
const submitDetails = (details: OrderPayload = DETAILS): RequestEvent => ({
  type: 'detailsSubmitted',
  details,
  ageValidationRequired: false,
});
const RIDE50 = { code: 'RIDE50', amount: 50, type: 'amount' } as const;
const voucherApplied: RequestEvent = {
  type: 'voucherApplied',
  voucher: RIDE50,
  discountedDeliveryFee: 125,
  signature: 'sig-discounted',
};
const back: RequestEvent = { type: 'back' };

const run = (...events: RequestEvent[]): RequestState => events.reduce(requestFlowReducer, initialRequestState('PK'));

const AT_DESTINATION = [start, options, open];
const AT_ORDER_DETAILS = [...AT_DESTINATION, choose(), deliverable(1)];
const AT_PAYMENT = [...AT_ORDER_DETAILS, submitDetails()];

const order: Order = {
  order_id: 'pk-khi-0042-000123',
  vendor_id: VENDOR.vendorId,
  created_at: '2024-05-01T07:00:00.000Z',
  updated_at: '2024-05-01T07:00:00.000Z',
  status: 'RECEIVED',
  status_history: [{ status: 'RECEIVED', created_at: '2024-05-01T07:00:00.000Z' }],
  preordered_for: null,
  delivery_fee: 175,
  customer: {
    name: 'Bilal Ahmed',
    phone_number: '+923211234567',
    location: { address: BAHADURABAD.formattedAddress, latitude: 24.8818, longitude: 67.0672, notes: 'Blue gate' },
  },
  order: { amount: 900, description: 'Cake', payment_method: 'PAID' },
  rider: null,
  outlet_name: 'Karachi Biryani House',
  pickup: {
    name: 'Karachi Biryani House',
    phone_number: null,
    location: { address: null, latitude: 24.86, longitude: 67.0, notes: null },
  },
  age_validation_required: false,
  discount: 0,
  total_amount: 1075,
  collect_amount: 0,
  collect_at_pickup_amount: 0,
  fee_paid_by: 'merchant',
  notes: 'Blue gate',
  cancel_reason: null,
  cancel_note: null,
  pickup_eta_minutes: null,
  delivery_eta_minutes: null,
  latest_arrival_at: null,
  collection_type: 'instant',
  voucher_code: null,
  vat_number: null,
  tracking_token: null,
};
const editOrder: RequestEvent = { type: 'editOrder', order };

describe('requestFlowReducer transitions', () => {
  const table: [string, RequestEvent[], Partial<RequestState>][] = [
    [
      'start checks service hours first',
      [start],
      { step: 'CHECK_SERVICE_HOURS', loading: true, vendorId: 'pk-khi-0042' },
    ],
    [
      'open hours start the flow at the destination address',
      [start, open],
      {
        step: 'ASK_FOR_DESTINATION_ADDRESS',
        loading: false,
        serviceHours: '0900:2300',
        startTime: '09:00',
        endTime: '23:00',
      },
    ],
    [
      'closed hours lead to SERVICE_CLOSED',
      [start, closed],
      { step: 'SERVICE_CLOSED', loading: false, startTime: '09:00', isClosedNow: false },
    ],
    [
      'closed hours with a pre-order possible go on to the destination, for later only',
      [start, { ...closed, canScheduleLater: true }],
      { step: 'ASK_FOR_DESTINATION_ADDRESS', isClosedNow: true, startTime: '09:00' },
    ],
    [
      'a vendor without coordinates must first set an origin',
      [startWithoutOrigin, open],
      { step: 'ASK_FOR_ORIGIN_ADDRESS' },
    ],
    [
      'setting the origin asks for its details',
      [startWithoutOrigin, open, { type: 'originAddressSet', address: ORIGIN }],
      { step: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS', originAddressCreation: ORIGIN },
    ],
    [
      'an origin without coordinates is refused',
      [startWithoutOrigin, open, { type: 'originAddressSet', address: { ...ORIGIN, latitude: Number.NaN } }],
      { step: 'ASK_FOR_ORIGIN_ADDRESS', error: { key: 'No coordinates for that address', field: 'origin' } },
    ],
    [
      'saved origin details lead on to the destination',
      [
        startWithoutOrigin,
        open,
        { type: 'originAddressSet', address: ORIGIN },
        { type: 'originDetailsSaved', address: { ...ORIGIN, unit: 'Shop 3' } },
      ],
      { step: 'ASK_FOR_DESTINATION_ADDRESS', hasVendorCoordinates: true },
    ],
    [
      'origin notes over 1000 bytes are refused',
      [
        startWithoutOrigin,
        open,
        { type: 'originAddressSet', address: ORIGIN },
        { type: 'originDetailsSaved', address: { ...ORIGIN, notes: 'ک'.repeat(501) } },
      ],
      { step: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS', error: { key: 'Notes are too long', field: 'origin' } },
    ],
    [
      'choosing a destination validates it',
      [...AT_DESTINATION, choose()],
      { step: 'CHECK_IF_DESTINATION_IS_VALID', loading: true, validationSeq: 1, destination: GULSHAN },
    ],
    [
      'a destination without coordinates is refused',
      [...AT_DESTINATION, choose(NO_COORDINATES)],
      { step: 'ASK_FOR_DESTINATION_ADDRESS', error: { key: 'No coordinates for that address', field: 'destination' } },
    ],
    [
      'a deliverable destination leads to order details with fee and estimations',
      AT_ORDER_DETAILS,
      {
        step: 'FILL_ORDER_DETAILS',
        loading: false,
        deliveryFee: 175,
        deliveryFeeSignature: 'sig-1-175',
        estimations: ESTIMATIONS,
      },
    ],
    [
      'an undeliverable destination stays at the address with its error',
      [
        ...AT_DESTINATION,
        choose(),
        {
          type: 'destinationValidated',
          seq: 1,
          result: { deliverable: false, errorKey: 'request.error.undeliverable-address' },
        },
      ],
      {
        step: 'ASK_FOR_DESTINATION_ADDRESS',
        loading: false,
        deliveryFee: null,
        error: { key: 'request.error.undeliverable-address', field: 'destination' },
      },
    ],
    [
      'an answer for a superseded destination is dropped',
      [...AT_DESTINATION, choose(), choose(BAHADURABAD), deliverable(1)],
      { step: 'CHECK_IF_DESTINATION_IS_VALID', validationSeq: 2, deliveryFee: null, destination: BAHADURABAD },
    ],
    [
      'valid details lead to payment with the login pickup estimation',
      AT_PAYMENT,
      { step: 'FILL_PAYMENT_DETAILS', loginPickupEstimation: 15, error: null },
    ],
    [
      'details under the Pakistan minimum amount stay with the error',
      [...AT_ORDER_DETAILS, submitDetails({ ...DETAILS, orderAmount: 50 })],
      { step: 'FILL_ORDER_DETAILS', error: { key: 'Minimum amount of 100 PKR', field: 'orderAmount' } },
    ],
    [
      'a customer name with digits stays with the error',
      [...AT_ORDER_DETAILS, submitDetails({ ...DETAILS, destinationName: 'R2D2' })],
      { step: 'FILL_ORDER_DETAILS', error: { key: 'validation.wrong-customer-name', field: 'destinationName' } },
    ],
    [
      'an item value above the limit asks for confirmation',
      [...AT_ORDER_DETAILS, submitDetails({ ...DETAILS, orderAmount: 25_000 })],
      { step: 'FILL_ORDER_DETAILS', orderItemValueExceedValidation: true },
    ],
    [
      'confirming a high item value leads to payment',
      [...AT_ORDER_DETAILS, submitDetails({ ...DETAILS, orderAmount: 25_000 }), { type: 'itemValueConfirmed' }],
      { step: 'FILL_PAYMENT_DETAILS', orderItemValueExceedValidation: false },
    ],
    [
      'a failed limit lookup (-1) never warns',
      [
        ...AT_ORDER_DETAILS,
        { ...options, orderItemValueExceedLimit: -1 } as RequestEvent,
        submitDetails({ ...DETAILS, orderAmount: 1_000_000 }),
      ],
      { step: 'FILL_PAYMENT_DETAILS' },
    ],
    ['back from payment returns to order details', [...AT_PAYMENT, back], { step: 'FILL_ORDER_DETAILS' }],
    [
      'back from order details returns to the address',
      [...AT_ORDER_DETAILS, back],
      { step: 'ASK_FOR_DESTINATION_ADDRESS' },
    ],
    [
      'back while validating returns to the address and drops the late answer',
      [...AT_DESTINATION, choose(), back, deliverable(1)],
      { step: 'ASK_FOR_DESTINATION_ADDRESS', loading: false, deliveryFee: null },
    ],
    [
      'back from the destination goes to origin details when the origin was set in this flow',
      [
        startWithoutOrigin,
        open,
        { type: 'originAddressSet', address: ORIGIN },
        { type: 'originDetailsSaved', address: ORIGIN },
        back,
      ],
      { step: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS' },
    ],
    [
      'changing the address at payment re-runs validation and drops the price and voucher',
      [...AT_PAYMENT, voucherApplied, choose(BAHADURABAD)],
      {
        step: 'CHECK_IF_DESTINATION_IS_VALID',
        deliveryFee: null,
        discountedDeliveryFee: null,
        voucher: null,
        voucherCode: 'RIDE50',
        validationSeq: 2,
      },
    ],
    [
      'changing the origin after choosing a destination re-runs validation',
      [
        startWithoutOrigin,
        open,
        { type: 'originAddressSet', address: ORIGIN },
        { type: 'originDetailsSaved', address: ORIGIN },
        choose(),
        deliverable(1),
        back,
        back,
        { type: 'originDetailsSaved', address: { ...ORIGIN, unit: 'Shop 4' } },
      ],
      { step: 'CHECK_IF_DESTINATION_IS_VALID', validationSeq: 2, deliveryFee: null },
    ],
    [
      'an applied voucher sets the discounted fee',
      [...AT_PAYMENT, voucherApplied],
      { voucherCode: 'RIDE50', discountedDeliveryFee: 125, discountedDeliveryFeeSignature: 'sig-discounted' },
    ],
    [
      'removing the voucher clears the discounted fee',
      [...AT_PAYMENT, voucherApplied, { type: 'voucherRemoved' }],
      { voucher: null, voucherCode: '', discountedDeliveryFee: null, discountedDeliveryFeeSignature: null },
    ],
    [
      'a rejected voucher shows the validation message',
      [...AT_PAYMENT, { type: 'voucherCodeChanged', code: 'NOPE' }, { type: 'voucherRejected' }],
      { voucher: null, voucherCode: 'NOPE', error: { key: 'voucher.error.validation.message', field: 'voucher' } },
    ],
    [
      'a recomputed, changed fee for an order awaits confirmation',
      [...AT_PAYMENT, { type: 'feeRecomputed', deliveryFee: 190, signature: 'sig-new', during: 'order' }],
      { deliveryFee: 190, deliveryFeeSignature: 'sig-new', hasFeeChanged: true, error: null },
    ],
    [
      'a recomputed, changed fee for a payment shows error.fee.changed',
      [...AT_PAYMENT, { type: 'feeRecomputed', deliveryFee: 190, signature: 'sig-new', during: 'payment' }],
      { deliveryFee: 190, hasFeeChanged: false, error: { key: 'error.fee.changed', field: 'fee' } },
    ],
    [
      'a recomputed, unchanged fee only renews the signature',
      [...AT_PAYMENT, { type: 'feeRecomputed', deliveryFee: 175, signature: 'sig-new', during: 'order' }],
      { deliveryFee: 175, deliveryFeeSignature: 'sig-new', hasFeeChanged: false, error: null },
    ],
    [
      // spec §4: what the merchant pays is compared, the voucher validated again on the new quote.
      'a recomputed, unchanged fee keeps the voucher validated again on it, without a prompt',
      [
        ...AT_PAYMENT,
        voucherApplied,
        {
          type: 'feeRecomputed',
          deliveryFee: 175,
          signature: 'sig-new',
          during: 'order',
          discount: { voucher: RIDE50, discountedDeliveryFee: 125, signature: 'sig-new-discounted' },
        },
      ],
      {
        deliveryFee: 175,
        voucher: RIDE50,
        discountedDeliveryFee: 125,
        discountedDeliveryFeeSignature: 'sig-new-discounted',
        hasFeeChanged: false,
      },
    ],
    [
      'a voucher that no longer applies to the recomputed fee awaits confirmation, even when the fee is unchanged',
      [
        ...AT_PAYMENT,
        voucherApplied,
        { type: 'feeRecomputed', deliveryFee: 175, signature: 'sig-new', during: 'order', discount: null },
      ],
      { deliveryFee: 175, voucher: null, discountedDeliveryFee: null, hasFeeChanged: true },
    ],
    [
      'a voucher that no longer applies during a payment shows error.fee.changed',
      [
        ...AT_PAYMENT,
        voucherApplied,
        { type: 'feeRecomputed', deliveryFee: 175, signature: 'sig-new', during: 'payment' },
      ],
      { voucher: null, hasFeeChanged: false, error: { key: 'error.fee.changed', field: 'fee' } },
    ],
    [
      'a changed fee whose voucher discount leaves the same amount to pay goes on without a prompt',
      [
        ...AT_PAYMENT,
        voucherApplied,
        {
          type: 'feeRecomputed',
          deliveryFee: 190,
          signature: 'sig-new',
          during: 'order',
          discount: { voucher: RIDE50, discountedDeliveryFee: 125, signature: 'sig-new-discounted' },
        },
      ],
      { deliveryFee: 190, discountedDeliveryFee: 125, hasFeeChanged: false },
    ],
    [
      'a failed recompute shows error.fee.recompute',
      [...AT_PAYMENT, { type: 'submitStarted' }, { type: 'feeRecomputeFailed' }],
      { loading: false, error: { key: 'error.fee.recompute', field: 'fee' } },
    ],
    [
      'submitting sets loading',
      [...AT_PAYMENT, { type: 'submitStarted' }],
      { step: 'FILL_PAYMENT_DETAILS', loading: true },
    ],
    [
      'a failed submission keeps the form with the error',
      [...AT_PAYMENT, { type: 'submitStarted' }, { type: 'submitFailed', errorKey: 'Could not create that order' }],
      { step: 'FILL_PAYMENT_DETAILS', loading: false, error: { key: 'Could not create that order', field: 'submit' } },
    ],
    [
      'after submission the flow resets and keeps the payment options',
      [...AT_PAYMENT, voucherApplied, { type: 'submitStarted' }, { type: 'submitted' }],
      {
        step: 'CHECK_SERVICE_HOURS',
        loading: true,
        vendorId: VENDOR.vendorId,
        destination: null,
        details: null,
        deliveryFee: null,
        voucher: null,
        voucherCode: '',
        availablePaymentMethods: ['CASH_ON_DELIVERY', 'PAID'],
      },
    ],
    [
      'a vendor change mid-flow cancels and restarts',
      [...AT_PAYMENT, { type: 'vendorChanged', ...NEW_VENDOR }],
      {
        step: 'CHECK_SERVICE_HOURS',
        loading: true,
        vendorId: NEW_VENDOR.vendorId,
        hasVendorCoordinates: false,
        destination: null,
        deliveryFee: null,
        availablePaymentMethods: [],
      },
    ],
    [
      'no payment method available is an error',
      [start, { ...options, availablePaymentMethods: [] } as RequestEvent],
      { error: { key: 'error.no-payment-method-available', field: 'payment' } },
    ],
    [
      'editing an order validates its destination with the order prefilled',
      [...AT_DESTINATION, editOrder],
      {
        step: 'CHECK_IF_DESTINATION_IS_VALID',
        orderToBeUpdated: order,
        destination: {
          latitude: 24.8818,
          longitude: 67.0672,
          formattedAddress: BAHADURABAD.formattedAddress,
          placeId: null,
        },
        addressQuery: BAHADURABAD.formattedAddress,
        details: expect.objectContaining({ destinationName: 'Bilal Ahmed', orderAmount: 900, paymentMethod: 'PAID' }),
      },
    ],
    [
      'an order to edit that arrives before the hours check is validated once they are open',
      [start, editOrder, open],
      { step: 'CHECK_IF_DESTINATION_IS_VALID', orderToBeUpdated: order, validationSeq: 1 },
    ],
    [
      'editing goes through order details again with a fresh fee',
      [...AT_DESTINATION, editOrder, deliverable(1, 180)],
      { step: 'FILL_ORDER_DETAILS', deliveryFee: 180, orderToBeUpdated: order },
    ],
  ];

  it.each(table)('%s', (_, events, expected) => {
    expect(run(...events)).toMatchObject(expected);
  });

  const ignored: [string, RequestEvent[], RequestEvent][] = [
    ['any event before start', [], choose()],
    ['a destination while the service is closed', [start, closed], choose()],
    ['back while the service is closed', [start, closed], back],
    ['details before the destination is valid', [...AT_DESTINATION, choose()], submitDetails()],
    [
      'an origin when the vendor has coordinates and the flow is at the destination',
      AT_DESTINATION,
      { type: 'originAddressSet', address: ORIGIN },
    ],
    ['a voucher before the price is known', AT_DESTINATION, voucherApplied],
    ['a second submission while one is running', [...AT_PAYMENT, { type: 'submitStarted' }], { type: 'submitStarted' }],
    ['back while submitting', [...AT_PAYMENT, { type: 'submitStarted' }], back],
    [
      'submitting before a changed fee is confirmed',
      [...AT_PAYMENT, { type: 'feeRecomputed', deliveryFee: 190, signature: 'sig-new', during: 'order' }],
      { type: 'submitStarted' },
    ],
    ['an order of another vendor to edit', AT_DESTINATION, { type: 'editOrder', order: { ...order, vendor_id: 'x' } }],
    ['submitted without a running submission', AT_PAYMENT, { type: 'submitted' }],
    ['the hours check once it has been answered', [start, open], closed],
  ];

  it.each(ignored)('ignores %s', (_, events, event) => {
    const before = run(...events);
    expect(requestFlowReducer(before, event)).toBe(before);
  });

  it('accepts submission once a changed fee is confirmed', () => {
    const state = run(
      ...AT_PAYMENT,
      { type: 'feeRecomputed', deliveryFee: 190, signature: 'sig-new', during: 'order' },
      { type: 'feeChangeConfirmed' },
      { type: 'submitStarted' },
    );
    expect(state).toMatchObject({ loading: true, hasFeeChanged: false });
  });
});

describe('request flow selectors', () => {
  it('pays the discounted fee when a voucher is applied, else the quoted fee', () => {
    expect(payableDeliveryFee(run(...AT_PAYMENT))).toEqual({ fee: 175, signature: 'sig-1-175' });
    expect(payableDeliveryFee(run(...AT_PAYMENT, voucherApplied))).toEqual({ fee: 125, signature: 'sig-discounted' });
    expect(payableDeliveryFee(run(...AT_DESTINATION))).toBeNull();
  });

  it("reports 'Order Updated!' for an edit and 'Order pushed!' for a new order", () => {
    expect(isEditing(run(...AT_PAYMENT))).toBe(false);
    expect(submitMessages(run(...AT_PAYMENT)).success).toBe('order.toast.pushed');
    expect(isEditing(run(...AT_DESTINATION, editOrder))).toBe(true);
    expect(submitMessages(run(...AT_DESTINATION, editOrder))).toEqual({
      success: 'order.toast.updated',
      failure: 'order.toast.update-failed',
    });
  });

  it.each([
    // 23:30 in Karachi (UTC+5) is after the 09:00–23:00 hours.
    ['0900:2300', '2024-05-01T18:30:00Z', false],
    ['0900:2300', '2024-05-01T10:00:00Z', true],
    // An overnight window, and unreadable hours that count as open (spec §5).
    ['1800:0200', '2024-05-01T19:30:00Z', true],
    ['not-hours', '2024-05-01T18:30:00Z', true],
  ])('checkServiceHours(%s) at %s is open: %s', (hours, now, isOpen) => {
    expect(checkServiceHours(hours, new Date(now), 'Asia/Karachi')).toEqual({
      type: 'serviceHoursChecked',
      isOpen,
      serviceHours: hours,
      canScheduleLater: false,
    });
  });

  it('lets a closed service take pre-orders for its next open slots, when pre-orders are on', () => {
    const night = new Date('2024-05-01T21:43:00Z'); // 02:43 in Karachi
    expect(checkServiceHours('0900:2300', night, 'Asia/Karachi', { isPreOrderOn: true })).toMatchObject({
      isOpen: false,
      canScheduleLater: true,
    });
    expect(checkServiceHours('0900:2300', night, 'Asia/Karachi')).toMatchObject({ canScheduleLater: false });
  });
});

const DESTINATION_OR_LATER: readonly RequestStep[] = [
  'ASK_FOR_DESTINATION_ADDRESS',
  'CHECK_IF_DESTINATION_IS_VALID',
  'FILL_ORDER_DETAILS',
  'FILL_PAYMENT_DETAILS',
];

describe('request flow invariants', () => {
  type Step = (state: RequestState) => RequestEvent;
  const fixed =
    (event: RequestEvent): Step =>
    () =>
      event;
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom<RequestEvent>(
          start,
          startWithoutOrigin,
          open,
          closed,
          options,
          back,
          voucherApplied,
          editOrder,
          { type: 'voucherRemoved' },
          { type: 'itemValueConfirmed' },
          { type: 'feeChangeConfirmed' },
          { type: 'feeRecomputeFailed' },
          { type: 'submitStarted' },
          { type: 'submitted' },
          { type: 'submitFailed', errorKey: 'Could not create that order' },
          { type: 'originAddressSet', address: ORIGIN },
          { type: 'originDetailsSaved', address: ORIGIN },
          { type: 'vendorChanged', ...NEW_VENDOR },
        )
        .map(fixed),
    },
    fc.constantFrom(GULSHAN, BAHADURABAD, NO_COORDINATES).map((destination) => fixed(choose(destination))),
    // Answers for the validation in flight, and stale ones.
    fc.integer({ min: -1, max: 0 }).map(
      (offset): Step =>
        (state) =>
          deliverable(state.validationSeq + offset),
    ),
    fc.constant<Step>((state) => ({
      type: 'destinationValidated',
      seq: state.validationSeq,
      result: { deliverable: false, errorKey: 'request.error.undeliverable-address' },
    })),
    fc.constantFrom(100, 1850, 25_000, 50).map((orderAmount) => fixed(submitDetails({ ...DETAILS, orderAmount }))),
    fc
      .constantFrom<'order' | 'payment'>('order', 'payment')
      .map((during) => fixed({ type: 'feeRecomputed', deliveryFee: 190, signature: 'sig-new', during })),
  );
  const prefix = fc.constantFrom<RequestEvent[]>([], AT_DESTINATION, AT_ORDER_DETAILS, AT_PAYMENT);

  it('keeps the state coherent under any sequence of events', () => {
    fc.assert(
      fc.property(prefix, fc.array(step, { minLength: 10, maxLength: 40, size: 'max' }), (events, steps) => {
        let state = run(...events);
        for (const nextOf of steps) {
          const previous = state;
          const next = nextOf(state);
          state = requestFlowReducer(state, next);
          expect(REQUEST_STEPS).toContain(state.step);
          // Only the two checks and a running submission wait for an answer.
          if (state.loading) {
            expect(['CHECK_SERVICE_HOURS', 'CHECK_IF_DESTINATION_IS_VALID', 'FILL_PAYMENT_DETAILS']).toContain(
              state.step,
            );
          }
          // Order and payment details are reached only with a validated destination and a signed fee.
          if (state.step === 'FILL_ORDER_DETAILS' || state.step === 'FILL_PAYMENT_DETAILS') {
            expect(state.destination?.latitude).toEqual(expect.any(Number));
            expect(state.deliveryFeeSignature).toEqual(expect.any(String));
          }
          if (state.step === 'FILL_PAYMENT_DETAILS') expect(state.loginPickupEstimation).toBe(15);
          if (state.discountedDeliveryFee !== null) expect(state.voucher).not.toBeNull();
          if (DESTINATION_OR_LATER.includes(state.step)) expect(state.hasVendorCoordinates).toBe(true);
          // spec §4: SERVICE_CLOSED stops the flow until a (re)start.
          if (previous.step === 'SERVICE_CLOSED' && next.type !== 'start' && next.type !== 'vendorChanged') {
            expect(state).toBe(previous);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
