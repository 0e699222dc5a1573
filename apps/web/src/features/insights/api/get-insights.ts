import { type Insights, InsightsAnswerSchema } from '@riderdesk/domain/contracts/insights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

export interface InsightsRequest {
  vendorId: string;
  includeOutlets: boolean;
  /** Calendar days in the country's time zone, both included. */
  start: string;
  end: string;
}

const paramsOf = (request: InsightsRequest) => {
  const params = new URLSearchParams({ start: request.start, end: request.end });
  if (request.includeOutlets) params.set('include_outlets', 'true');
  return params;
};

/** The API's insights endpoint of a vendor (an API address, not the web page of the same name). */
export const insightsEndpoint = (vendorId: string) =>
  [API_BASE, 'vendor', encodeURIComponent(vendorId), 'insights'].join('/');

/** GET /vendor/{vendorId}/insights: the period's figures beside the previous period's (issue 39). */
export async function getInsights(request: InsightsRequest, signal?: AbortSignal): Promise<Insights> {
  const answer = await api.get(`${insightsEndpoint(request.vendorId)}?${paramsOf(request)}`, {
    schema: InsightsAnswerSchema,
    signal,
  });
  return answer.result;
}

export const insightsKey = (request: InsightsRequest | null) => ['insights', request] as const;

/** The figures of a period; another period keeps the last figures on screen until its own arrive. */
export function useInsights(request: InsightsRequest | null) {
  return useQuery({
    queryKey: insightsKey(request),
    queryFn: ({ signal }) => getInsights(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

export { paramsOf as insightsParams };
