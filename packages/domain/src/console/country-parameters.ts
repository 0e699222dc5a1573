import type { CountryParameterName } from '../contracts/vendors.ts';
import { CHOOSABLE_PAYMENT_METHODS } from '../orders/payment-methods.ts';
import { parseServiceHours } from '../service-hours.ts';

const BOOLEAN_TEXT = /^(true|false)$/;

/**
 * Whether a value of a country parameter (spec §7; every value travels as a string) is one the portal and the
 * API read as meant: serviceHours "HHMM:HHMM", the booleans "true"/"false", orderItemValueExceedLimit a whole
 * amount (-1: no limit), paymentMethods known methods joined by "|". A value that would be read as "open" or "no
 * limit" by accident is refused before it is stored.
 */
export function isValidCountryParameter(name: CountryParameterName, value: string): boolean {
  switch (name) {
    case 'serviceHours':
      return parseServiceHours(value) !== null;
    case 'onlinePaymentActivated':
    case 'allOutletOrders':
      return BOOLEAN_TEXT.test(value);
    case 'orderItemValueExceedLimit':
      return /^(-1|0|[1-9]\d{0,9})$/.test(value);
    case 'paymentMethods': {
      const methods = value.split('|').map((method) => method.trim());
      return (
        methods.length > 0 &&
        new Set(methods).size === methods.length &&
        methods.every((method) => (CHOOSABLE_PAYMENT_METHODS as readonly string[]).includes(method))
      );
    }
  }
}
