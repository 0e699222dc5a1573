import {
  DeliveryAreaAnswerSchema,
  type DeliveryAreaBody,
  type DeliveryAreaResult,
} from '@riderdesk/domain/contracts/pricing';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** POST /delivery/area/validate (spec §7). */
export async function validateDeliveryArea(body: DeliveryAreaBody): Promise<DeliveryAreaResult> {
  return (await api.post(`${API_BASE}/delivery/area/validate`, body, { schema: DeliveryAreaAnswerSchema })).result;
}

export const deliveryAreaQueryOptions = (body: DeliveryAreaBody) =>
  queryOptions({
    queryKey: ['request', 'delivery-area', body],
    queryFn: () => validateDeliveryArea(body),
    staleTime: 0,
    gcTime: 0,
  });
