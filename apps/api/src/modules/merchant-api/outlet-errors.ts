import { OUTLET_ERRORS } from '@riderdesk/domain/contracts/outlets';
import { OUTLET_NOT_FOUND } from '@riderdesk/domain/merchant-api/sender-outlet';
import { AppError } from '../../errors.ts';
import { MerchantApiError } from './merchant-api-error.ts';
import { merchantApiAnswerOf } from './order-errors.ts';

/**
 * The portal's collection point refusals as pandago's `{message}` (decision 162): the spec §5 rule that failed,
 * named by the field of pandago's body; every other error as the order routes answer it.
 */
export function outletApiAnswerOf(error: unknown): MerchantApiError | null {
  if (!(error instanceof AppError)) return merchantApiAnswerOf(error, 'other');
  const entry = error.errors[0];
  const key = entry?.meta?.translation_key ?? error.message;
  switch (error.code) {
    case 'ValidationError':
    case 'InvalidParameterException': {
      // The portal's form holds the whole owner list; pandago's body adds to it.
      const field = /^users(\.\d+)?$/.test(entry?.field ?? '') ? 'add_user' : entry?.field || 'body';
      return new MerchantApiError(400, `Invalid request payload\n - ${field} is invalid (${key})`);
    }
    case 'Conflict':
      return new MerchantApiError(409, 'Another outlet of this brand has this client_vendor_id');
    case 'TooManyRequests':
      return new MerchantApiError(429, 'Too many invitations were sent today; try the users again tomorrow');
  }
  if (key === OUTLET_ERRORS.notEditable) return new MerchantApiError(422, 'This outlet can not be updated');
  // Another merchant's vendor, or one that is not a brand: the outlet is none of the client's.
  if (error.statusCode === 403) return new MerchantApiError(404, OUTLET_NOT_FOUND);
  return merchantApiAnswerOf(error, 'other');
}
