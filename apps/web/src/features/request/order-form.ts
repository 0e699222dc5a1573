import type { Order } from '@riderdesk/domain/contracts/orders';
import { PaymentMethodSchema } from '@riderdesk/domain/contracts/orders';
import { parseAmountText } from '@riderdesk/domain/money';
import { isWithinPreorderWindow } from '@riderdesk/domain/orders/preorder-window';
import { formatPhoneForDisplay } from '@riderdesk/domain/phone';
import type { RequestDestination } from '@riderdesk/domain/request-flow';
import { validateAddress } from '@riderdesk/domain/validation/address';
import {
  type OrderPayload,
  type OrderPayloadField,
  orderPayloadFailures,
} from '@riderdesk/domain/validation/order-payload';
import { normaliseVatNumber, vatNumberError } from '@riderdesk/domain/validation/vat-number';
import { z } from 'zod';
import { wallTimeInZone, zonedWallTimeToEpochMs } from './wall-time.ts';

/** What the merchant types in the details and payment sections. */
export const OrderFormSchema = z.object({
  customerName: z.string(),
  phone: z.string(),
  unitNumber: z.string(),
  building: z.string(),
  riderNotes: z.string(),
  description: z.string(),
  amount: z.string(),
  paymentMethod: z.union([PaymentMethodSchema, z.literal('')]),
  deliveryTime: z.enum(['ASAP', 'LATER']),
  /** 'YYYY-MM-DD HH:mm:ss' wall time in the country's zone, as the date picker gives it. */
  scheduledAt: z.string().nullable(),
  vatNumber: z.string(),
  isAgeValidationRequired: z.boolean(),
  /** Ask this order's customer for a handover PIN (decision 175); unticked, the outlet's setting decides. */
  isHandoverPinRequired: z.boolean(),
});
export type OrderForm = z.infer<typeof OrderFormSchema>;

export const EMPTY_ORDER_FORM: OrderForm = {
  customerName: '',
  phone: '',
  unitNumber: '',
  building: '',
  riderNotes: '',
  description: '',
  amount: '',
  paymentMethod: '',
  deliveryTime: 'ASAP',
  scheduledAt: null,
  vatNumber: '',
  isAgeValidationRequired: false,
  isHandoverPinRequired: false,
};

/**
 * The form of an order being edited; its address already holds unit and building, its phone is written as every
 * screen writes it. A pre-order still waiting for its time opens on that time.
 */
export function formFromOrder(order: Order, country: { code: string; timeZone: string }, nowMs: number): OrderForm {
  const { timeZone } = country;
  const isWaiting = isScheduledAhead(order, nowMs);
  return {
    ...EMPTY_ORDER_FORM,
    deliveryTime: isWaiting ? 'LATER' : 'ASAP',
    scheduledAt: isWaiting && order.preordered_for ? wallTimeInZone(order.preordered_for * 1000, timeZone) : null,
    customerName: order.customer.name,
    phone: formatPhoneForDisplay(order.customer.phone_number, country.code),
    riderNotes: order.customer.location.notes ?? order.notes ?? '',
    description: order.order.description,
    amount: String(order.order.amount),
    paymentMethod: order.order.payment_method,
    vatNumber: order.vat_number ?? '',
  };
}

/** A pre-order whose time has not come: its time can still be changed. */
export const isScheduledAhead = (order: Pick<Order, 'preordered_for'> | null, nowMs: number): boolean =>
  order?.preordered_for != null && order.preordered_for * 1000 > nowMs;

/** The amount field's text in major units, in any digits the merchant types. */
export const parseAmount = (amount: string): number | null => parseAmountText(amount);

/** preordered_for in unix seconds, null for ASAP. */
export function preorderedFor(form: OrderForm, timeZone: string): number | null {
  if (form.deliveryTime !== 'LATER' || !form.scheduledAt) return null;
  const epoch = zonedWallTimeToEpochMs(form.scheduledAt, timeZone);
  return epoch === null ? null : Math.floor(epoch / 1000);
}

/** A scheduled time that has already come (the server says the same: validation.preorder-past). */
export function isSchedulePast(form: OrderForm, nowMs: number, timeZone: string): boolean {
  if (form.deliveryTime === 'ASAP') return false;
  const seconds = preorderedFor(form, timeZone);
  return seconds !== null && seconds * 1000 <= nowMs;
}

export function isScheduleValid(form: OrderForm, nowMs: number, timeZone: string): boolean {
  if (form.deliveryTime === 'ASAP') return true;
  const seconds = preorderedFor(form, timeZone);
  if (seconds === null) return false;
  return isWithinPreorderWindow(seconds * 1000, nowMs);
}

/** The spec §3 order request payload that validateOrderPayload checks. */
export function orderPayload(form: OrderForm, destination: RequestDestination | null, timeZone: string): OrderPayload {
  return {
    destinationName: form.customerName.trim(),
    destinationPhoneNumber: form.phone.trim(),
    destinationLatitude: destination?.latitude ?? null,
    destinationLongitude: destination?.longitude ?? null,
    destinationTextAddress: destination?.formattedAddress ?? '',
    destinationUnitNumber: form.unitNumber.trim(),
    destinationBuilding: form.building.trim(),
    riderNotes: form.riderNotes.trim(),
    orderAmount: parseAmount(form.amount),
    orderDescription: form.description.trim(),
    paymentMethod: form.paymentMethod,
    vat_number: normaliseVatNumber(form.vatNumber),
    preordered_for: preorderedFor(form, timeZone),
  };
}

// Where a spec §5 failure is shown in the form. The vendor and the address are not typed in these
// sections: their failures show with the payment method, the last field the chain checks.
const FORM_FIELD_OF: Readonly<Partial<Record<OrderPayloadField, keyof OrderForm>>> = {
  destinationName: 'customerName',
  destinationPhoneNumber: 'phone',
  destinationUnitNumber: 'unitNumber',
  orderDescription: 'description',
  orderAmount: 'amount',
  paymentMethod: 'paymentMethod',
};

/** The request-form section being sent: "Continue to payment", or the request itself. */
export type OrderFormStep = 'details' | 'payment';

export type OrderFormContext = {
  step: OrderFormStep;
  countryCode: string;
  vendorId: string | null;
  destination: RequestDestination | null;
  timeZone: string;
  /** Milliseconds since the epoch, read when the form is sent. */
  now: () => number;
  /** The service is closed now: only a delivery scheduled for later can be requested (decision 123). */
  isLaterOnly?: boolean;
};

/**
 * The request form's rules, with the messages the form shows (translation keys, or the domain's
 * English texts that the catalogues translate). Every failing field at once, each with its first failure:
 * details, the rider notes and the spec §5 chain; payment, also the VAT number and the delivery time.
 */
export function orderFormSchema(context: OrderFormContext) {
  return OrderFormSchema.superRefine((form, issues) => {
    const failed = new Set<keyof OrderForm>();
    const fail = (field: keyof OrderForm, message: string) => {
      if (failed.has(field)) return;
      failed.add(field);
      issues.addIssue({ code: 'custom', path: [field], message });
    };
    if (context.step === 'details') {
      const notesError = validateAddress({ notes: form.riderNotes }).notes;
      if (notesError) fail('riderNotes', notesError);
    } else {
      if (vatNumberError(form.vatNumber)) fail('vatNumber', 'request.vat.error');
      if (context.isLaterOnly && form.deliveryTime === 'ASAP') fail('scheduledAt', 'request.time.closed-now');
      else if (isSchedulePast(form, context.now(), context.timeZone)) fail('scheduledAt', 'validation.preorder-past');
      else if (!isScheduleValid(form, context.now(), context.timeZone)) fail('scheduledAt', 'request.time.invalid');
    }
    const failures = orderPayloadFailures(orderPayload(form, context.destination, context.timeZone), {
      countryCode: context.countryCode,
      vendorId: context.vendorId,
    });
    for (const failure of failures) fail(FORM_FIELD_OF[failure.field] ?? 'paymentMethod', failure.key);
  });
}
