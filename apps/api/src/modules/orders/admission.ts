import { type OrderPayload, validateOrderPayload } from '@riderdesk/domain/validation/order-payload';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { type AppError, keyedError } from '../../errors.ts';

/** Fastify's validation failure (attachValidation), whose `validation` holds the schema issues. */
export type SchemaError = Error & { validation: FastifySchemaValidationError[] };

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

/**
 * A body the server built itself (a bulk row) failed the create contract: the same shape Fastify gives a
 * route, so `keyedSchemaError` names the same key; what it cannot name answers a generic field error.
 */
export function schemaErrorOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): SchemaError {
  const validation = issues.map((issue) => ({
    instancePath: `/${issue.path.map(String).join('/')}`,
    message: issue.message,
    keyword: 'zod',
    schemaPath: '',
    params: {},
  }));
  const field = validation[0]?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return Object.assign(keyedError(400, 'ValidationError', 'bulk.error.invalid-value', field), { validation });
}

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
