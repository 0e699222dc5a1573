import { SettlementDetailSchema } from '@riderdesk/domain/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { financeEndpoint } from './get-finance.ts';

export const settlementEndpoint = (vendorId: string, settlementId: string) =>
  `${financeEndpoint(vendorId)}/settlements/${encodeURIComponent(settlementId)}`;

/** GET /vendor/{vendorId}/finance/settlements/{id}: a settlement and its lines. */
export async function getSettlement(vendorId: string, settlementId: string, signal?: AbortSignal) {
  return (await api.get(settlementEndpoint(vendorId, settlementId), { schema: SettlementDetailSchema, signal })).result;
}

export function useSettlement(vendorId: string, settlementId: string | null) {
  return useQuery({
    queryKey: ['finance', vendorId, 'settlement', settlementId],
    queryFn: ({ signal }) => getSettlement(vendorId, settlementId!, signal),
    enabled: settlementId !== null,
  });
}
