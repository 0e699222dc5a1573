import { FEE_RETRY_DELAY_MS } from '@riderdesk/domain/constants';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import {
  checkServiceHours,
  type DestinationValidation,
  initialRequestState,
  REQUEST_ERROR_KEYS,
  type RequestEvent,
  type RequestState,
  requestFlowReducer,
  submitMessages,
} from '@riderdesk/domain/request-flow';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { useCountryParameter } from '../../../shared/api/get-country-parameter.ts';
import { useOrder } from '../../../shared/api/get-order.ts';
import { deliveryFeeQueryOptions, getDeliveryFee } from '../api/get-delivery-fee.ts';
import { estimationsQueryOptions } from '../api/get-estimations.ts';
import { deliveryAreaQueryOptions } from '../api/validate-delivery-area.ts';
import { validateVoucher } from '../api/validate-voucher.ts';
import {
  availablePaymentMethods,
  deliveryAreaBody,
  deliveryFeeBody,
  originPoint,
  vendorPoint,
} from '../request-rules.ts';

const CANNOT_COMPUTE_PRICE = 'request.error.cannot-compute-price';
const CANNOT_VERIFY_AREA = 'request.error.verify-deliverable';
const SIGNATURE_EXPIRED = 'SignatureExpired';
const SERVICE_CLOSED = 'SERVICE_CLOSED';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type KeyValues = Readonly<Record<string, string>>;

/** What to show for a failed call: the server's translation key (and its values), else its message, else the fallback. */
export function serverError(error: unknown, fallback: string): { key: string; values?: KeyValues } {
  if (!(error instanceof ApiRequestError)) return { key: fallback };
  if (error.isNetworkError) return { key: 'error.offline' };
  const key = error.firstTranslationKey;
  if (key) return { key, values: error.firstTranslationValues };
  return { key: error.message || fallback };
}

export type SubmitOutcome =
  | { status: 'placed'; orderId: string; message: string }
  | { status: 'failed'; message: string; key: string; values?: KeyValues }
  | { status: 'fee-changed' }
  | { status: 'stopped' };

export type PlaceOrder = (state: RequestState, idempotencyKey: string) => Promise<string>;

/** The applied voucher validated again on a new fee quote; null when none is applied or it no longer applies. */
async function voucherOnQuote(
  state: RequestState,
  quote: { fee: number; signature: string },
  orderTime: number | null,
): Promise<Extract<RequestEvent, { type: 'feeRecomputed' }>['discount']> {
  if (!state.voucher || !state.vendorId) return null;
  try {
    const answer = await validateVoucher({
      code: state.voucher.code,
      order: {
        order_time: orderTime ?? Math.floor(Date.now() / 1000),
        delivery_fee: quote.fee,
        signature: quote.signature,
      },
      vendor_id: state.vendorId,
    });
    return { voucher: answer.voucher, discountedDeliveryFee: answer.delivery_fee, signature: answer.signature };
  } catch {
    // A voucher refused on the new quote is dropped, and the change in what is paid is shown to the user.
    return null;
  }
}

/**
 * Runs the spec §4 request flow for the selected vendor: the pure reducer decides the steps, this
 * hook makes the calls each step needs and dispatches their answers.
 */
export function useRequestFlow(input: {
  vendor: Vendor | null;
  countryCode: string;
  timeZone: string;
  orderIdToEdit: string | null;
  onOrderToEditLoaded: (order: Order) => void;
  /** spec §6: online payment is offered only to signed-in merchants, never guests or embedded mode. */
  canPayOnline: boolean;
  /** spec §6 PayAtPickup flag. */
  isPayAtPickupOn: boolean;
  /** spec §6 pre_order flag: a closed service still takes orders scheduled for its next open slots. */
  isPreOrderOn?: boolean;
  /** A card order whose payment failed: the flow is filled in again from it, as a new request. */
  orderIdToRetry?: string | null;
}) {
  const { vendor, countryCode, timeZone } = input;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(requestFlowReducer, countryCode, initialRequestState);
  // The reducer is pure, so running it here too lets a workflow read the state its events lead to.
  const stateRef = useRef(state);
  stateRef.current = state;
  const send = useCallback((event: RequestEvent) => {
    stateRef.current = requestFlowReducer(stateRef.current, event);
    dispatch(event);
  }, []);
  /** False when the origin set in this flow could not be saved to the vendor: the order carries a sender. */
  const [isOriginSaved, setIsOriginSaved] = useState(true);

  const vendorId = vendor?.vendor_id ?? null;
  const hasVendorCoordinates = vendorPoint(vendor) !== null;

  // spec §4: a vendor change cancels the flow and starts it again.
  const startedFor = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different vendor restarts the flow; its address being saved does not.
  useEffect(() => {
    if (!vendorId) return;
    const type = startedFor.current === null || startedFor.current === vendorId ? 'start' : 'vendorChanged';
    startedFor.current = vendorId;
    setIsOriginSaved(true);
    send({ type, vendorId, countryCode, hasVendorCoordinates });
  }, [vendorId, countryCode, send]);

  const serviceHours = useCountryParameter('serviceHours');
  const onlinePayment = useCountryParameter('onlinePaymentActivated');
  const itemValueLimit = useCountryParameter('orderItemValueExceedLimit');
  const paymentMethods = useCountryParameter('paymentMethods');

  // spec §5: hours that cannot be read (or fetched) mean open.
  useEffect(() => {
    if (state.step !== 'CHECK_SERVICE_HOURS' || !state.vendorId || serviceHours.isPending) return;
    send(checkServiceHours(serviceHours.data ?? null, new Date(), timeZone, { isPreOrderOn: input.isPreOrderOn }));
  }, [state.step, state.vendorId, serviceHours.isPending, serviceHours.data, timeZone, send, input.isPreOrderOn]);

  const vendorFlags = vendor?.flags.payment_methods;
  const areOptionsLoading = onlinePayment.isPending || itemValueLimit.isPending || paymentMethods.isPending;
  useEffect(() => {
    if (!state.vendorId || !vendorFlags || areOptionsLoading) return;
    const limit = Number(itemValueLimit.data);
    send({
      type: 'paymentOptionsLoaded',
      availablePaymentMethods: availablePaymentMethods(paymentMethods.data ?? null, vendorFlags, {
        isOnlinePaymentOn: onlinePayment.data === 'true' && input.canPayOnline,
        isPayAtPickupOn: input.isPayAtPickupOn,
      }),
      hasPaymentActivated: onlinePayment.data === 'true',
      // spec §8: a failed limit lookup gives -1.
      orderItemValueExceedLimit: itemValueLimit.isError || !Number.isFinite(limit) ? -1 : limit,
    });
  }, [
    state.vendorId,
    vendorFlags,
    areOptionsLoading,
    paymentMethods.data,
    onlinePayment.data,
    input.canPayOnline,
    input.isPayAtPickupOn,
    itemValueLimit.data,
    itemValueLimit.isError,
    send,
  ]);

  const origin = originPoint(vendor, state.originAddressCreation);
  const originRef = useRef(origin);
  originRef.current = origin;

  const validate = useCallback(
    async (vendorIdToQuote: string, from: LatLng, to: LatLng): Promise<DestinationValidation> => {
      // The three questions are independent: asked together, a quote costs one round trip, not two. The area
      // still decides: a fee quoted for an address outside it is dropped.
      const [area, fee, estimations] = await Promise.allSettled([
        queryClient.fetchQuery(deliveryAreaQueryOptions(deliveryAreaBody(vendorIdToQuote, from, to))),
        queryClient.fetchQuery(deliveryFeeQueryOptions(deliveryFeeBody(vendorIdToQuote, from, to))),
        queryClient.fetchQuery(estimationsQueryOptions(deliveryAreaBody(vendorIdToQuote, from, to))),
      ]);
      if (area.status === 'rejected') return { deliverable: false, errorKey: CANNOT_VERIFY_AREA };
      if (area.value !== 'DELIVERABLE') return { deliverable: false, errorKey: REQUEST_ERROR_KEYS.undeliverable };
      if (fee.status === 'rejected') {
        const isClosed = fee.reason instanceof ApiRequestError && fee.reason.code === SERVICE_CLOSED;
        if (!isClosed) return { deliverable: false, errorKey: CANNOT_COMPUTE_PRICE };
        const closed = serverError(fee.reason, CANNOT_COMPUTE_PRICE);
        return { deliverable: false, errorKey: closed.key, errorValues: closed.values };
      }
      return {
        deliverable: true,
        deliveryFee: fee.value.fee,
        signature: fee.value.signature,
        estimations: estimations.status === 'fulfilled' ? estimations.value : null,
      };
    },
    [queryClient],
  );

  // spec §4 CHECK_IF_DESTINATION_IS_VALID: area, fee and estimations. The reducer drops the
  // answer of a superseded address by its sequence number.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step or sequence number is what starts a validation; the rest is read from the latest state.
  useEffect(() => {
    const { step, vendorId: flowVendorId, destination, validationSeq } = stateRef.current;
    if (step !== 'CHECK_IF_DESTINATION_IS_VALID' || !flowVendorId || !destination) return;
    const from = originRef.current;
    if (destination.latitude === null || destination.longitude === null || !from) return;
    void validate(flowVendorId, from, { lat: destination.latitude, lng: destination.longitude }).then((result) =>
      send({ type: 'destinationValidated', seq: validationSeq, result }),
    );
  }, [state.step, state.validationSeq, validate, send]);

  // Edit mode (spec §4): the order pre-fills the flow once it and the vendor's flow are both there.
  const orderToEdit = useOrder(vendorId, input.orderIdToEdit);
  const editedFor = useRef<string | null>(null);
  const onOrderToEditLoaded = useRef(input.onOrderToEditLoaded);
  onOrderToEditLoaded.current = input.onOrderToEditLoaded;
  useEffect(() => {
    const order = orderToEdit.data;
    if (!order || state.vendorId !== order.vendor_id || state.step === 'SERVICE_CLOSED') return;
    const key = `${state.vendorId}:${order.order_id}`;
    if (editedFor.current === key) return;
    editedFor.current = key;
    send({ type: 'editOrder', order });
    onOrderToEditLoaded.current(order);
  }, [orderToEdit.data, state.vendorId, state.step, send]);

  const orderToRetry = useOrder(vendorId, input.orderIdToRetry ?? null);
  const retriedFor = useRef<string | null>(null);
  useEffect(() => {
    const order = orderToRetry.data;
    if (!order || state.vendorId !== order.vendor_id || state.step === 'SERVICE_CLOSED') return;
    const key = `${state.vendorId}:${order.order_id}`;
    if (retriedFor.current === key) return;
    retriedFor.current = key;
    send({ type: 'retryOrder', order });
    onOrderToEditLoaded.current(order);
  }, [orderToRetry.data, state.vendorId, state.step, send]);

  /**
   * Places (or updates) the order. spec §4: on SignatureExpired wait 1 s and recompute the fee, and validate
   * the applied voucher again on it; a change in what the merchant pays waits for the user's confirmation, an
   * unchanged amount is sent again. `orderTime` is the pre-ordered time (unix seconds), null for now.
   */
  const submit = useCallback(
    async (
      place: PlaceOrder,
      sleep: (ms: number) => Promise<void> = wait,
      during: 'order' | 'payment' = 'order',
      orderTime: number | null = null,
    ): Promise<SubmitOutcome> => {
      send({ type: 'submitStarted' });
      if (!stateRef.current.loading) return { status: 'stopped' };
      const messages = submitMessages(stateRef.current);
      for (let attempt = 0; attempt < 3; attempt++) {
        // One key per body sent: the client's own retries of this request reuse it.
        const idempotencyKey = crypto.randomUUID();
        try {
          const orderId = await place(stateRef.current, idempotencyKey);
          send({ type: 'submitted' });
          return { status: 'placed', orderId, message: messages.success };
        } catch (error) {
          const from = originRef.current;
          const { vendorId: flowVendorId, destination } = stateRef.current;
          const isExpired = error instanceof ApiRequestError && error.code === SIGNATURE_EXPIRED;
          if (!isExpired || !from || !flowVendorId || destination?.latitude == null || destination.longitude == null) {
            const { key, values } = serverError(error, messages.failure);
            send({ type: 'submitFailed', errorKey: key, errorValues: values });
            return { status: 'failed', message: messages.failure, key, values };
          }
          await sleep(FEE_RETRY_DELAY_MS);
          try {
            const fee = await getDeliveryFee(
              deliveryFeeBody(flowVendorId, from, { lat: destination.latitude, lng: destination.longitude }),
            );
            const discount = await voucherOnQuote(stateRef.current, fee, orderTime);
            send({ type: 'feeRecomputed', deliveryFee: fee.fee, signature: fee.signature, during, discount });
          } catch {
            send({ type: 'feeRecomputeFailed' });
            return { status: 'failed', message: messages.failure, key: REQUEST_ERROR_KEYS.feeRecompute };
          }
          if (stateRef.current.hasFeeChanged) return { status: 'fee-changed' };
          // spec §4: during a payment a changed fee is reported as error.fee.changed, not sent again.
          if (stateRef.current.error?.key === REQUEST_ERROR_KEYS.feeChanged) {
            return { status: 'failed', message: messages.failure, key: REQUEST_ERROR_KEYS.feeChanged };
          }
          send({ type: 'submitStarted' });
          if (!stateRef.current.loading) return { status: 'stopped' };
        }
      }
      send({ type: 'submitFailed', errorKey: messages.failure });
      return { status: 'failed', message: messages.failure, key: messages.failure };
    },
    [send],
  );

  return {
    state,
    send,
    /** The country's service hours (spec §5), fetched here once for the page as well. */
    serviceHours: serviceHours.data ?? null,
    origin,
    isOriginSaved,
    setIsOriginSaved,
    orderToEdit,
    submit,
  };
}
