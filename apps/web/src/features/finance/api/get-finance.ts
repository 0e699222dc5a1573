import { type FinanceSummary, FinanceSummarySchema } from '@riderdesk/domain/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** The API's finance endpoint of a vendor (an API address, not the web page of the same name). */
export const financeEndpoint = (vendorId: string) =>
  [API_BASE, 'vendor', encodeURIComponent(vendorId), 'finance'].join('/');

/** GET /vendor/{vendorId}/finance: cash held, next settlement estimate, settlements, reconciliation (issue 38). */
export async function getFinance(vendorId: string, signal?: AbortSignal): Promise<FinanceSummary> {
  return (await api.get(financeEndpoint(vendorId), { schema: FinanceSummarySchema, signal })).result;
}

export const financeKey = (vendorId: string | null) => ['finance', vendorId] as const;

export function useFinance(vendorId: string | null) {
  return useQuery({
    queryKey: financeKey(vendorId),
    queryFn: ({ signal }) => getFinance(vendorId!, signal),
    enabled: vendorId !== null,
  });
}
