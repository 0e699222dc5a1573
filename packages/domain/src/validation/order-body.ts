import type { OrderPayload, OrderPayloadContext } from './order-payload.ts';
import { orderPayloadFailures } from './order-payload.ts';

type Raw = Record<string, unknown>;

const asObject = (value: unknown): Raw => (value !== null && typeof value === 'object' ? (value as Raw) : {});
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const asAmount = (value: unknown): number | string | null =>
  typeof value === 'number' || typeof value === 'string' ? value : null;

/**
 * spec §3 "Order create body" read as the spec §3 "Order request payload", so the server (and a bulk row)
 * runs the spec §5 chain the browser's form ran on the same values. Read leniently: on the server the body
 * may have failed its schema, and the chain must still name the first failing step.
 */
export function orderPayloadFromCreateBody(raw: unknown): OrderPayload {
  const body = asObject(raw);
  const customer = asObject(body.customer);
  const location = asObject(customer.location);
  const order = asObject(body.order);
  return {
    // spec §3 joins the unit into `address` ("unit, building, text"), so a missing unit (the Singapore-only
    // step 2) cannot be told from a short address here; the browser's form judges that step.
    destinationUnitNumber: asString(location.address),
    destinationName: asString(customer.name),
    destinationPhoneNumber: asString(customer.phone_number),
    destinationLatitude: asNumber(location.latitude),
    destinationLongitude: asNumber(location.longitude),
    destinationTextAddress: asString(location.address),
    riderNotes: asString(location.notes),
    orderAmount: asAmount(order.amount),
    orderDescription: asString(order.description),
    paymentMethod: asString(order.payment_method),
    vat_number: asString(body.vat_number),
    preordered_for: asNumber(body.preordered_for),
  };
}

/** spec §7 PUT /order body over the stored order: a body without a customer keeps the stored name and phone. */
export function orderPayloadFromUpdateBody(
  raw: unknown,
  stored: { customer_name: string; customer_phone: string },
): OrderPayload {
  const body = asObject(raw);
  const location = asObject(body.location);
  const hasCustomer = body.customer !== undefined;
  const customer = asObject(body.customer);
  return {
    destinationUnitNumber: asString(location.address),
    destinationName: hasCustomer ? asString(customer.name) : stored.customer_name,
    destinationPhoneNumber: hasCustomer ? asString(customer.phone_number) : stored.customer_phone,
    destinationLatitude: asNumber(location.latitude),
    destinationLongitude: asNumber(location.longitude),
    destinationTextAddress: asString(location.address),
    riderNotes: asString(location.notes),
    orderAmount: asAmount(body.amount),
    orderDescription: asString(body.item_details),
    paymentMethod: asString(body.payment_method),
  };
}

/** The vendor a wire body names, trimmed; null when it names none. */
export function vendorIdOfBody(raw: unknown): string | null {
  const id = asString(asObject(raw).vendor_id)?.trim();
  return id ? id : null;
}

/** Every problem of the spec §5 chain over a POST /order body (a bulk row lists them all). */
export function orderCreateBodyProblems(raw: unknown, context: OrderPayloadContext) {
  return orderPayloadFailures(orderPayloadFromCreateBody(raw), context);
}
