import {
  type ConsoleVoucherCreateBody,
  type ConsoleVoucherFields,
  ConsoleVoucherSchema,
} from '@riderdesk/domain/contracts/console-vouchers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { voucherPath } from './get-vouchers.ts';
import { voucherKeys } from './voucher-keys.ts';

/** POST /console/vouchers */
export function createVoucher(body: ConsoleVoucherCreateBody) {
  return consoleApi.post(`${CONSOLE_API}/vouchers`, body, { schema: ConsoleVoucherSchema, retries: 0 });
}

/** PUT /console/vouchers/{code} */
export function updateVoucher({ code, body }: { code: string; body: ConsoleVoucherFields }) {
  return consoleApi.put(voucherPath(code), body, { schema: ConsoleVoucherSchema });
}

/** POST /console/vouchers/{code}/pause */
export function pauseVoucher({ code, isPaused }: { code: string; isPaused: boolean }) {
  return consoleApi.post(`${voucherPath(code)}/pause`, { is_paused: isPaused }, { schema: ConsoleVoucherSchema });
}

function useVoucherMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherKeys.all }) });
}

export const useCreateVoucher = () => useVoucherMutation(createVoucher);
export const useUpdateVoucher = () => useVoucherMutation(updateVoucher);
export const usePauseVoucher = () => useVoucherMutation(pauseVoucher);
