import { AppError, keyedError } from '../../errors.ts';
import type { AddressRefusal, EndpointUrlRefusal } from './address-policy.ts';

/** Another merchant's endpoint and no endpoint at all answer alike. */
export const endpointNotFound = () => keyedError(404, 'NotFound', 'webhooks.error.endpoint-not-found', 'endpointId');
/** Another endpoint's delivery, or none, answers alike. */
export const deliveryNotFound = () => keyedError(404, 'NotFound', 'webhooks.error.delivery-not-found', 'deliveryId');
export const tooManyEndpoints = () => keyedError(409, 'Conflict', 'webhooks.error.too-many-endpoints', 'vendor_id');
/** Nothing is sent to a disabled endpoint: it is enabled again first. */
export const endpointDisabled = () => keyedError(409, 'Conflict', 'webhooks.error.endpoint-disabled', 'endpointId');
export const deliveryInFlight = () => keyedError(409, 'Conflict', 'webhooks.error.delivery-in-flight', 'deliveryId');

const URL_REFUSAL_KEYS: Record<EndpointUrlRefusal | AddressRefusal, string> = {
  'invalid-url': 'webhooks.error.url-invalid',
  'scheme-not-allowed': 'webhooks.error.url-scheme',
  'credentials-in-url': 'webhooks.error.url-credentials',
  'unresolvable-host': 'webhooks.error.url-unresolvable',
  'address-not-public': 'webhooks.error.url-not-public',
};

/** A URL the address policy refuses (decision 152): answered 422, one key per reason. */
export class WebhookUrlRefused extends AppError {
  constructor(readonly reason: EndpointUrlRefusal | AddressRefusal) {
    const key = URL_REFUSAL_KEYS[reason];
    super(422, 'UnprocessableEntity', key, [{ field: 'url', message: key, meta: { translation_key: key } }]);
  }
}
