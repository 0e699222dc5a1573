import { type Estimations, EstimationsAnswerSchema, type EstimationsBody } from '@riderdesk/domain/contracts/pricing';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** POST /estimations (spec §7): pickup and delivery minutes for the route. */
export async function getEstimations(body: EstimationsBody): Promise<Estimations> {
  return (await api.post(`${API_BASE}/estimations`, body, { schema: EstimationsAnswerSchema })).result;
}

export const estimationsQueryOptions = (body: EstimationsBody) =>
  queryOptions({
    queryKey: ['request', 'estimations', body],
    queryFn: () => getEstimations(body),
    staleTime: 0,
    gcTime: 0,
  });
