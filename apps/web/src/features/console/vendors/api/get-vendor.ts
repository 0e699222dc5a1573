import { ConsoleVendorSchema } from '@riderdesk/domain/contracts/console-vendors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { vendorKeys } from './vendor-keys.ts';

export const vendorPath = (vendorId: string) => `${CONSOLE_API}/vendors/${encodeURIComponent(vendorId)}`;

/** GET /console/vendors/{vendorId}: outlets, users, recent orders, payment methods and flags. */
export function getVendor(vendorId: string, signal?: AbortSignal) {
  return consoleApi.get(vendorPath(vendorId), { schema: ConsoleVendorSchema, signal });
}

export const vendorQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: vendorKeys.vendor(vendorId), queryFn: ({ signal }) => getVendor(vendorId, signal) });

export const useVendor = (vendorId: string | null) =>
  useQuery({ ...vendorQueryOptions(vendorId ?? ''), enabled: vendorId !== null });
