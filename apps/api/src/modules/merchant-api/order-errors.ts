import type { FastifyError } from 'fastify';
import { AppError } from '../../errors.ts';
import { MerchantApiError } from './merchant-api-error.ts';

/**
 * The portal's refusals as pandago answers them (decision 153): `{message}` with pandago's status codes. The
 * portal's answers stay as they are; only the merchant API's routes read them through this map.
 */

/** The portal's field names (its body's paths and the spec §5 chain's fields) in pandago's body. */
const FIELD_NAMES: Record<string, string> = {
  vendor: 'sender',
  vendor_id: 'sender',
  destinationName: 'recipient.name',
  'customer.name': 'recipient.name',
  destinationPhoneNumber: 'recipient.phone_number',
  'customer.phone_number': 'recipient.phone_number',
  orderDescription: 'description',
  'order.description': 'description',
  item_details: 'description',
  orderAmount: 'amount',
  'order.amount': 'amount',
  paymentMethod: 'payment_method',
  'order.payment_method': 'payment_method',
  'order.cold_bag_needed': 'coldbag_needed',
  age_validation_required: 'delivery_tasks.age_validation_required',
};

/** Where the destination's fields sit: the create's recipient, or the edit's location. */
type Route = 'create' | 'update' | 'other';

function apiFieldOf(field: string | undefined, route: Route): string {
  if (!field) return 'body';
  const named = FIELD_NAMES[field];
  if (named) return named;
  const location = route === 'update' ? 'location' : 'recipient.location';
  if (field === 'coordinates') return location;
  if (field === 'destinationUnitNumber' || field === 'destinationTextAddress') return `${location}.address`;
  if (field.startsWith('customer.location')) return field.replace('customer.location', 'recipient.location');
  return field;
}

/** What `schemaErrorOf` answers for a failure its contract has no key for. */
const SCHEMA_FAILURE_KEY = 'bulk.error.invalid-value';

const invalidPayload = (field: string, problem: string) =>
  new MerchantApiError(400, `Invalid request payload\n - ${field} ${problem}`);

/** pandago's message for a refusal the portal keys. */
function mappedAppError(error: AppError, route: Route): MerchantApiError {
  const entry = error.errors[0];
  const key = entry?.meta?.translation_key ?? error.message;
  switch (error.code) {
    case 'ValidationError':
    case 'InvalidParameterException':
      // The key says which rule failed; a schema failure of a body the server built has no more to say.
      return invalidPayload(
        apiFieldOf(entry?.field, route),
        key === SCHEMA_FAILURE_KEY ? 'is invalid' : `is invalid (${key})`,
      );
    case 'NotFound':
      return new MerchantApiError(404, 'Order not found');
    case 'SERVICE_CLOSED':
      return new MerchantApiError(422, 'unable to accept order outside operating hours');
    case 'Undeliverable':
      return new MerchantApiError(422, 'Recipient location is outside of the delivery area');
    case 'CannotCancelOrder':
      return new MerchantApiError(409, 'Order is not cancellable');
    case 'NotAwaitingConfirmation':
      return new MerchantApiError(409, "Order is not waiting for its customer's confirmation");
    case 'OrderNotEditable':
      return new MerchantApiError(422, 'order can not be updated');
    case 'IdempotencyKeyReused':
      return new MerchantApiError(409, 'client_order_id was already used with another order body');
    case 'IdempotencyConflict':
      return new MerchantApiError(409, 'An order with this client_order_id is being created');
    case 'FeatureDisabled':
      // spec §6: the outlet's flags turn the feature off (PreOrder for `preordered_for`).
      return new MerchantApiError(422, `${entry?.field ?? 'This feature'} is not available for this outlet`);
  }
  // The outlet is the client's (its scope was checked): a refusal of the vendor itself is the outlet's state.
  if (error.statusCode === 403) return new MerchantApiError(404, 'Outlet not found');
  if (error.statusCode === 401) return new MerchantApiError(401, 'Unauthorized');
  return new MerchantApiError(422, 'Unable to process order');
}

/** A failure of the route's own schema: the first failing field, in pandago's words. */
function schemaFailure(error: FastifyError): MerchantApiError {
  const [issue] = error.validation ?? [];
  const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
  const isMissing = /received undefined/.test(issue?.message ?? '');
  return invalidPayload(field, isMissing ? 'is required' : `is invalid (${issue?.message ?? 'unreadable'})`);
}

/** pandago's `{message}` and status for an error of a merchant API order route; null for an unexpected one. */
export function merchantApiAnswerOf(error: unknown, route: Route): MerchantApiError | null {
  if (error instanceof MerchantApiError) return error;
  if (error instanceof AppError) return mappedAppError(error, route);
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) return schemaFailure(fastifyError);
  const status = fastifyError?.statusCode;
  // A body that is no JSON, too large, of another type: Fastify's 4xx, said in pandago's shape.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new MerchantApiError(status, fastifyError.message || 'Invalid request payload');
  }
  return null;
}
