/**
 * A refusal answered in pandago's shape, `{message}` with its status code (decision 153); the merchant API's
 * error mapper answers it as it stands.
 */
export class MerchantApiError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'MerchantApiError';
    this.statusCode = statusCode;
  }
}
