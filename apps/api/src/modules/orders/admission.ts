import { isOrderBodyKey } from '@riderdesk/domain/contracts/orders';
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

/**
 * A schema failure as the key the browser translates, which the order contract carries as the failure's
 * message (ORDER_BODY_KEYS), or null to answer the generic envelope.
 */
export function keyedSchemaError(issues: readonly FastifySchemaValidationError[]): AppError | null {
  const [issue] = issues;
  if (!issue || !isOrderBodyKey(issue.message)) return null;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return keyedError(400, 'ValidationError', issue.message, field);
}
