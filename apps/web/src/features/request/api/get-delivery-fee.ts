import { FEE_RETRY_DELAY_MS } from '@riderdesk/domain/constants';
import { type DeliveryFee, DeliveryFeeAnswerSchema, type DeliveryFeeBody } from '@riderdesk/domain/contracts/pricing';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, api } from '../../../shared/api/client.ts';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /delivery/fee (spec §7), a signed quote. spec §9 "Fee retry delay 1 s": a quote that fails
 * for a reason other than the request itself is asked once more after a second.
 */
export async function getDeliveryFee(body: DeliveryFeeBody, sleep = wait): Promise<DeliveryFee> {
  const call = async () =>
    (await api.post(`${API_BASE}/delivery/fee`, body, { schema: DeliveryFeeAnswerSchema, retries: 0 })).result;
  try {
    return await call();
  } catch (error) {
    const isRefusal = error instanceof ApiRequestError && error.status !== null && error.status < 500;
    if (isRefusal) throw error;
    await sleep(FEE_RETRY_DELAY_MS);
    return call();
  }
}

// Quotes are signed and expire, so they are never served from the cache.
export const deliveryFeeQueryOptions = (body: DeliveryFeeBody) =>
  queryOptions({
    queryKey: ['request', 'delivery-fee', body],
    queryFn: () => getDeliveryFee(body),
    staleTime: 0,
    gcTime: 0,
  });
