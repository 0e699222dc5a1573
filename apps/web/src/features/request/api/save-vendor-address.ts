import { VendorAddressAnswerSchema, type VendorAddressBody } from '@riderdesk/domain/contracts/geo';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { vendorKeys } from '../../../shared/api/query-keys.ts';

/** PUT /vendor/{id}/address (spec §7): answers the vendor with its new pickup location. */
export async function saveVendorAddress(vendorId: string, body: VendorAddressBody): Promise<Vendor> {
  const answer = await api.put(`${API_BASE}/vendor/${encodeURIComponent(vendorId)}/address`, body, {
    schema: VendorAddressAnswerSchema,
  });
  return answer.result;
}

export function useSaveVendorAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, body }: { vendorId: string; body: VendorAddressBody }) =>
      saveVendorAddress(vendorId, body),
    // The branch list shows the collection point, so it is read again with the saved address.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
