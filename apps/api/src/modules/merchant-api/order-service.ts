import type {
  ApiOrderCancelBody,
  ApiOrderCreateBody,
  ApiOrderEstimateBody,
  ApiOrderUpdateBody,
} from '@riderdesk/domain/contracts/merchant-api';
import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import type { ApiCaller } from './workflows/api-caller.ts';
import { estimateFee, estimateTime } from './workflows/estimates.ts';
import { orderCoordinates, orderProof } from './workflows/order-tracking.ts';
import {
  cancelOrder,
  confirmOrderForCustomer,
  createOrder,
  getOrder,
  type MerchantApiOrderDeps,
  updateOrder,
} from './workflows/orders.ts';

export type MerchantApiOrderService = ReturnType<typeof merchantApiOrderService>;

/** pandago's order routes over the portal's order services (issue 35, decision 153). */
export function merchantApiOrderService(deps: MerchantApiOrderDeps) {
  return {
    create: (caller: ApiCaller, body: ApiOrderCreateBody) => createOrder(deps, caller, body),
    get: (caller: ApiCaller, orderId: string) => getOrder(deps, caller, orderId),
    update: (caller: ApiCaller, orderId: string, body: ApiOrderUpdateBody) => updateOrder(deps, caller, orderId, body),
    cancel: (caller: ApiCaller, orderId: string, body: ApiOrderCancelBody) => cancelOrder(deps, caller, orderId, body),
    confirmForCustomer: (caller: ApiCaller, orderId: string) => confirmOrderForCustomer(deps, caller, orderId),
    estimateFee: (caller: ApiCaller, body: ApiOrderEstimateBody) => estimateFee(deps, caller, body),
    estimateTime: (caller: ApiCaller, body: ApiOrderEstimateBody) => estimateTime(deps, caller, body),
    coordinates: (caller: ApiCaller, orderId: string) => orderCoordinates(deps, caller, orderId),
    proof: (caller: ApiCaller, orderId: string, kind: ProofKind) => orderProof(deps, caller, orderId, kind),
  };
}
