import type { Order } from '@riderdesk/domain/contracts/orders';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import type { Db } from '../../db/db.ts';
import type { CustomerRow, OrderRow } from './model.ts';
import { loadOrderView, toOrderView } from './order-view.ts';
import * as repo from './repo.ts';

export type OrderRecords = ReturnType<typeof orderRecords>;

/**
 * How other modules read orders: the dispatcher and the riders, the live hub, the public tracking page and
 * the address book ask here instead of querying the orders tables (decision 034). Changes go through the
 * lifecycle (lifecycle.ts), which owns every write after a create.
 */
export function orderRecords(db: Db) {
  return {
    find: (orderId: string): Promise<OrderRow | null> => repo.findOrder(db, orderId),

    /**
     * The oldest orders in these statuses first: the dispatcher's work list. `isWaitingCustomerSkipped` leaves out
     * received cash orders still waiting for their customer (decision 175).
     */
    inStatus: (
      statuses: readonly OrderStatus[],
      limit: number,
      options?: { isWaitingCustomerSkipped?: boolean },
    ): Promise<OrderRow[]> => repo.findOrdersInStatus(db, statuses, limit, options),

    /** Cash orders whose customer did not confirm in time (the dispatcher cancels them, decision 175). */
    confirmationsDue: (at: Date, limit: number): Promise<OrderRow[]> => repo.findConfirmationsDue(db, at, limit),

    /** The order a public tracking link names; the token is the link's secret. */
    byTrackingToken: (token: string): Promise<OrderRow | null> => repo.findOrderByTrackingToken(db, token),

    hasProof: (orderId: string, kind: ProofKind): Promise<boolean> => repo.hasProof(db, orderId, kind),

    /** An order as the merchant's screens show it (live updates). */
    view: (orderId: string): Promise<Order | null> => loadOrderView(db, orderId),

    /** An order of this vendor or of one of its outlets; null for anyone else's. */
    ofVendor: (orderId: string, vendorId: string): Promise<OrderRow | null> =>
      repo.findOrderOfVendor(db, orderId, vendorId),

    /** The vendor's (and its outlets') newest orders first. */
    recentOfVendor: (vendorId: string, limit: number): Promise<OrderRow[]> =>
      repo.findRecentOrdersOfVendor(db, vendorId, limit),

    /** Orders of the vendor and its outlets changed after `since`, oldest first: what a reconnecting socket missed. */
    async viewsChangedSince(
      vendorId: string,
      since: string,
      limit: number,
      afterOrderId: string | null = null,
    ): Promise<Order[]> {
      return (await repo.findOrdersChangedSince(db, vendorId, since, limit, afterOrderId)).map(toOrderView);
    },

    /** Whether the rider is on an unfinished order of one of these vendors (GET /riders/{id}). */
    isRiderOnOrdersOf: (riderId: string, vendorIds: readonly string[]): Promise<boolean> =>
      repo.isRiderOnOrdersOf(db, riderId, vendorIds),

    /**
     * A guest's orders handed to the business it registers, in the registration's transaction (`tx`): where
     * the guest's newest order was collected, then every order moved to the business.
     */
    guestHandOver: {
      latestPickup: (tx: Db, vendorId: string) => repo.findLatestPickupOfVendor(tx, vendorId),
      moveAll: (tx: Db, fromVendorId: string, toVendorId: string): Promise<number> =>
        repo.moveOrdersToVendor(tx, fromVendorId, toVendorId),
    },

    /** An order read inside a transaction of its change (`tx`): what that change wrote (webhook events). */
    inTransaction: (tx: Db, orderId: string): Promise<OrderRow | null> => repo.findOrder(tx, orderId),

    /** The unfinished orders of these vendors that a rider has (rider positions sent to webhooks). */
    withRiderOfVendors: (vendorIds: readonly string[]): Promise<OrderRow[]> =>
      repo.findRiderOrdersOfVendors(db, vendorIds),

    /** The operator console (decision 181): every vendor's orders in flight, and one rider's orders. */
    console: {
      board: (endedSince: Date) => repo.findBoardOrders(db, endedSince),
      boardOrder: (orderId: string) => repo.findBoardOrder(db, orderId),
      ofRider: (riderId: string, limit: number) => repo.findOrdersOfRider(db, riderId, limit),
    },
    /**
     * The orders flagged for a person to solve (`exception`: a handover PIN refused too often, decision 175),
     * oldest flag first: what the operators' live board lists.
     */
    flagged: (limit: number): Promise<OrderRow[]> => repo.findFlaggedOrders(db, limit),

    customersOfVendor: (
      vendorId: string,
      query: { text: string; phoneDigits: string | null },
      limit: number,
    ): Promise<CustomerRow[]> => repo.findCustomersOfVendor(db, vendorId, query, limit),
  };
}
