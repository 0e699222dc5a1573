import { ConsoleVoucherListSchema, ConsoleVoucherUsesSchema } from '@riderdesk/domain/contracts/console-vouchers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { voucherKeys } from './voucher-keys.ts';

export const voucherPath = (code: string) => `${CONSOLE_API}/vouchers/${encodeURIComponent(code)}`;

/** GET /console/vouchers (admin, operations): every voucher with its uses and discount given. */
export async function getVouchers(signal?: AbortSignal) {
  return (await consoleApi.get(`${CONSOLE_API}/vouchers`, { schema: ConsoleVoucherListSchema, signal })).vouchers;
}

export const vouchersQueryOptions = () =>
  queryOptions({ queryKey: voucherKeys.list(), queryFn: ({ signal }) => getVouchers(signal) });

export const useVouchers = () => useQuery(vouchersQueryOptions());

/** GET /console/vouchers/{code}/uses: the orders placed with it, newest first. */
export async function getVoucherUses(code: string, signal?: AbortSignal) {
  return (await consoleApi.get(`${voucherPath(code)}/uses`, { schema: ConsoleVoucherUsesSchema, signal })).uses;
}

export const useVoucherUses = (code: string) =>
  useQuery({ queryKey: voucherKeys.uses(code), queryFn: ({ signal }) => getVoucherUses(code, signal) });
