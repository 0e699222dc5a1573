import {
  type ConsoleOutletApproveBody,
  ConsoleOutletSchema,
  ConsoleVendorCodeSchema,
  ConsoleVendorSchema,
  type ConsoleVendorSettingsBody,
} from '@riderdesk/domain/contracts/console-vendors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { vendorPath } from './get-vendor.ts';
import { vendorKeys } from './vendor-keys.ts';

const outletPath = (vendorId: string, action: string) =>
  `${CONSOLE_API}/outlets/${encodeURIComponent(vendorId)}/${action}`;

/** POST /console/outlets/{id}/approve: active from now on, with the area the operator checked. */
export function approveOutlet({ vendorId, body }: { vendorId: string; body: ConsoleOutletApproveBody }) {
  return consoleApi.post(outletPath(vendorId, 'approve'), body, { schema: ConsoleOutletSchema, retries: 0 });
}

/** PUT /console/outlets/{id}/active */
export function setOutletActive({ vendorId, isActive }: { vendorId: string; isActive: boolean }) {
  return consoleApi.put(outletPath(vendorId, 'active'), { is_active: isActive }, { schema: ConsoleOutletSchema });
}

/** PUT /console/vendors/{id}/settings */
export function updateVendorSettings({ vendorId, body }: { vendorId: string; body: ConsoleVendorSettingsBody }) {
  return consoleApi.put(`${vendorPath(vendorId)}/settings`, body, { schema: ConsoleVendorSchema });
}

/** POST /console/vendors/{id}/registration-code: a new code; the earlier one stops working. */
export function issueVendorCode({ vendorId, contactEmail }: { vendorId: string; contactEmail?: string }) {
  return consoleApi.post(
    `${vendorPath(vendorId)}/registration-code`,
    contactEmail ? { contact_email: contactEmail } : {},
    { schema: ConsoleVendorCodeSchema, retries: 0 },
  );
}

function useVendorMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }) });
}

export const useApproveOutlet = () => useVendorMutation(approveOutlet);
export const useSetOutletActive = () => useVendorMutation(setOutletActive);
export const useUpdateVendorSettings = () => useVendorMutation(updateVendorSettings);
export const useIssueVendorCode = () => useVendorMutation(issueVendorCode);
