import { VendorIdSchema } from '@riderdesk/domain/contracts/common';
import { type FlagName, flagsOfOrder, type OrderFlagName } from '@riderdesk/domain/contracts/flags';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { keyedError } from '../errors.ts';
import type { FlagService } from '../modules/flags/service.ts';

/** spec §6: an action whose flag is off is refused, whatever the browser shows. */
export const FEATURE_DISABLED_KEY = 'error.feature-disabled';

export interface FlagGuardOptions {
  /** Only requests this says yes to need the flag (an order body with a voucher needs Voucher). */
  when?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler refusing with 403 `error.feature-disabled` when the flag is off for the request's vendor (the
     * `vendorId` parameter, or `vendor_id` / `parent_vendor_id` / `order.vendor_id` of the body or query) in
     * this country. Put it after `app.authenticate`: the vendor must be the caller's before its flags are read.
     */
    requireFlag: (name: FlagName, options?: FlagGuardOptions) => preHandlerAsyncHookHandler;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The vendor an action is for, where the request names one. */
export function vendorIdOfRequest(request: FastifyRequest): string | null {
  const params = record(request.params);
  const body = record(request.body);
  const query = record(request.query);
  const candidates = [
    params.vendorId,
    body.vendor_id,
    body.parent_vendor_id,
    record(body.order).vendor_id,
    query.vendor_id,
    query.vendorId,
  ];
  const found = candidates.find((value) => typeof value === 'string' && value !== '');
  return typeof found === 'string' && VendorIdSchema.safeParse(found).success ? found : null;
}

export function setupFlagGuard(
  app: FastifyInstance,
  deps: {
    flags: Pick<FlagService, 'isOn'>;
    assertCallerVendor: (caller: NonNullable<FastifyRequest['caller']>, vendorId: string) => Promise<void>;
  },
): void {
  app.decorate('requireFlag', (name: FlagName, options: FlagGuardOptions = {}) => {
    const guard: preHandlerAsyncHookHandler = async (request) => {
      if (options.when && !options.when(request)) return;
      const vendorId = vendorIdOfRequest(request);
      // Another merchant's vendor is refused as such, before anything is said about its flags.
      if (vendorId && request.caller) await deps.assertCallerVendor(request.caller, vendorId);
      if (!(await deps.flags.isOn(name, { vendorId }))) {
        throw keyedError(403, 'FeatureDisabled', FEATURE_DISABLED_KEY, name);
      }
    };
    return guard;
  });
}

/** Every route registered after this in the plugin needs the flag (bulk orders: BulkOrderUpload). */
export function requireFlagOnEveryRoute(app: FastifyInstance, name: FlagName): void {
  const guard = app.requireFlag(name);
  app.addHook('onRoute', (route) => {
    const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...own, guard];
  });
}

/**
 * The flagged parts of an order body (spec §6): a voucher needs Voucher, a pre-order time PreOrder and a VAT
 * number PaymentVat. `orderOf` finds the order in the body (POST /order's body is one; a payment intent's
 * carries one as `order`).
 */
export function orderBodyFlags(
  app: FastifyInstance,
  orderOf: (body: unknown) => unknown = (body) => body,
): preHandlerAsyncHookHandler[] {
  const needs = (name: OrderFlagName) => (request: FastifyRequest) =>
    flagsOfOrder(record(orderOf(request.body))).includes(name);
  return (['Voucher', 'PreOrder', 'PaymentVat'] as const).map((name) => app.requireFlag(name, { when: needs(name) }));
}
