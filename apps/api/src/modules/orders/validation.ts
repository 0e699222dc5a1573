import { type OrderPayload, validateOrderPayload } from '@riderdesk/domain/validation/order-payload';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { type AppError, keyedError } from '../../errors.ts';

type Raw = Record<string, unknown>;

const asObject = (value: unknown): Raw => (value !== null && typeof value === 'object' ? (value as Raw) : {});
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const asNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const asAmount = (value: unknown): number | string | null =>
  typeof value === 'number' || typeof value === 'string' ? value : null;

/**
 * spec §3 "Order create body" read as the spec §3 "Order request payload" the browser validates, so the
 * server runs the same spec §5 chain with the same keys. Read leniently: the body may have failed its
 * schema, and the chain must still name the first failing step.
 */
export function payloadFromCreateBody(raw: unknown): OrderPayload {
  const body = asObject(raw);
  const customer = asObject(body.customer);
  const location = asObject(customer.location);
  const order = asObject(body.order);
  return {
    // spec §3 joins the unit into `address` ("unit, building, text"), so the server cannot tell a missing
    // unit (the Singapore-only step 2) from a short address; the browser's form judges that step.
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

/** spec §7 PUT /order body over the stored order: name and phone cannot change in an edit. */
export function payloadFromUpdateBody(
  raw: unknown,
  stored: { customer_name: string; customer_phone: string },
): OrderPayload {
  const body = asObject(raw);
  const location = asObject(body.location);
  return {
    destinationUnitNumber: asString(location.address),
    destinationName: stored.customer_name,
    destinationPhoneNumber: stored.customer_phone,
    destinationLatitude: asNumber(location.latitude),
    destinationLongitude: asNumber(location.longitude),
    destinationTextAddress: asString(location.address),
    riderNotes: asString(location.notes),
    orderAmount: asAmount(body.amount),
    orderDescription: asString(body.item_details),
    paymentMethod: asString(body.payment_method),
  };
}

export const vendorIdOf = (raw: unknown): string | null => {
  const id = asString(asObject(raw).vendor_id)?.trim();
  return id ? id : null;
};

/** spec §5 "Order payload": the first failing step answers 400 with its key and field. */
export function assertOrderPayload(payload: OrderPayload, context: { countryCode: string; vendorId: string | null }) {
  const result = validateOrderPayload(payload, context);
  if (!result.ok) throw keyedError(400, 'ValidationError', result.key, result.field);
}

// Schema failures past the spec §5 chain that the browser shows through a spec key.
const KEYS_BY_PATH: readonly [RegExp, string][] = [
  [/^\/vat_number$/, 'validation.vat-number'],
  [/^\/preordered_for$/, 'validation.preorder-window'],
  [/^\/(order\/)?payment_method$/, 'validation.fill-payment-method'],
  [/^\/(order\/description|item_details)$/, 'validation.fill-description'],
  [/^\/(customer\/|sender\/)?location\/(latitude|longitude)$/, 'No coordinates for that address'],
  [/^\/sender\/phone_number$/, 'request.form.phone.helper-text'],
  [/^\/sender$/, 'validation.sender-required'],
  [/^\/(delivery_fee|signature|discounted_delivery_fee|discounted_delivery_fee_signature)$/, 'error.fee.changed'],
];
// The contract's byte-limit refinements carry the spec §5 texts as their messages.
const SPEC_MESSAGES = new Set(['Address is too long', 'Notes are too long']);

/** A schema failure as the spec key the browser translates, or null to answer the generic envelope. */
export function keyedSchemaError(issues: readonly FastifySchemaValidationError[]): AppError | null {
  const [issue] = issues;
  if (!issue) return null;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.message && SPEC_MESSAGES.has(issue.message))
    return keyedError(400, 'ValidationError', issue.message, field);
  for (const [pattern, key] of KEYS_BY_PATH) {
    if (pattern.test(issue.instancePath)) return keyedError(400, 'ValidationError', key, field);
  }
  return null;
}
