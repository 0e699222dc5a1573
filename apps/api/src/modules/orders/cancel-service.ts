import type { OrderCancelBody, OrderConfirmCashBody } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { canCancel } from '@riderdesk/domain/order-status';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { FlagService } from '../flags/service.ts';
import type { VendorService } from '../vendors/service.ts';
import type { Lifecycle } from './lifecycle.ts';
import { toOrderView } from './order-view.ts';
import { findOrderOfVendor } from './repo.ts';

export type OrderCancelService = ReturnType<typeof orderCancelService>;

// spec §8: error.cant-cancel-order when the status is not cancellable.
const cannotCancel = () => keyedError(409, 'CannotCancelOrder', 'error.cant-cancel-order');

export function orderCancelService(deps: {
  db: Db;
  vendors: VendorService;
  flags: FlagService;
  lifecycle: Lifecycle;
  now: () => Date;
}) {
  const { db, vendors, flags, lifecycle, now } = deps;
  return {
    /** PUT /order/cancel: spec §4 canCancel decides, then the order, its history and the rider change together. */
    async cancel(caller: Caller, body: OrderCancelBody): Promise<void> {
      await vendors.vendorOfCaller(caller, body.vendor_id);
      const owned = await findOrderOfVendor(db, body.order_id, body.vendor_id);
      if (!owned) throw keyedError(404, 'NotFound', 'error.order.not-found', 'order_id');
      const delayedCancellation = (await flags.variations()).DelayedCancellation === true;
      try {
        await lifecycle.cancel(
          body.order_id,
          body.reason,
          (row) => {
            if (!canCancel(row, { delayedCancellation, now: now() })) throw cannotCancel();
          },
          body.note ?? null,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'TransitionNotAllowed') throw cannotCancel();
        throw error;
      }
    },

    /**
     * PUT /order/confirm-cash (decision 175): the merchant, having called the customer, confirms a cash order that
     * waits for them; the dispatcher sends a rider on its next pass.
     */
    async confirmCash(caller: Caller, body: OrderConfirmCashBody): Promise<Order> {
      await vendors.vendorOfCaller(caller, body.vendor_id);
      const owned = await findOrderOfVendor(db, body.order_id, body.vendor_id);
      if (!owned) throw keyedError(404, 'NotFound', 'error.order.not-found', 'order_id');
      return toOrderView(await lifecycle.confirmCustomer(owned.order_id, 'merchant'));
    },
  };
}
