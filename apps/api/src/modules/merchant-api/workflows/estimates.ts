import type { ApiFeeEstimate, ApiOrderEstimateBody, ApiTimeEstimate } from '@riderdesk/domain/contracts/merchant-api';
import { apiTimelineOf } from '@riderdesk/domain/merchant-api/order-mapping';
import { fromMinor } from '@riderdesk/domain/money';
import { withReadSnapshot } from '../../../infra/read-snapshot.ts';
import type { PreparedOrder } from '../../orders/new-order.ts';
import type { ApiCaller } from './api-caller.ts';
import { type MerchantApiOrderDeps, portalCreateRequest } from './orders.ts';

/**
 * The order POST /orders would place, checked and not written (decision 162): the sender's outlet, the server's
 * quote, then the portal's contract, spec §5 chain, service hours, delivery area, fee and pre-order window, all
 * through the orders module's check-only path; any refusal is the one POST /orders would answer.
 */
function checkedOrder(deps: MerchantApiOrderDeps, caller: ApiCaller, body: ApiOrderEstimateBody) {
  return withReadSnapshot(async (): Promise<PreparedOrder> => {
    const { portalCaller, raw } = await portalCreateRequest(deps, caller, body);
    return (await deps.orders.checkCreate(portalCaller, raw)).order;
  });
}

const withClientOrderId = (body: ApiOrderEstimateBody) =>
  body.client_order_id ? { client_order_id: body.client_order_id } : {};

/** pandago POST /orders/fee: the fee the order would carry, in major units. */
export async function estimateFee(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  body: ApiOrderEstimateBody,
): Promise<ApiFeeEstimate> {
  const order = await checkedOrder(deps, caller, body);
  const fee = fromMinor(order.delivery_fee_minor - order.discount_minor, order.currency);
  return { ...withClientOrderId(body), estimated_delivery_fee: fee, estimate_delivery_fee: fee };
}

/** pandago POST /orders/time: the timeline the order would answer if it were placed now. */
export async function estimateTime(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  body: ApiOrderEstimateBody,
): Promise<ApiTimeEstimate> {
  const order = await checkedOrder(deps, caller, body);
  const timeline = apiTimelineOf({
    status: order.status,
    updatedAt: deps.now(),
    preorderedFor: order.preordered_for,
    pickupEtaMinutes: order.pickup_eta_minutes,
    deliveryEtaMinutes: order.delivery_eta_minutes,
    latestArrivalAt: null,
  });
  return {
    ...withClientOrderId(body),
    ...timeline,
    estimate_pickup_time: timeline.estimated_pickup_time,
    estimate_delivery_time: timeline.estimated_delivery_time,
  };
}
