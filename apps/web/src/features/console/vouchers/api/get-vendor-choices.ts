import { ConsoleVendorListSchema } from '@riderdesk/domain/contracts/console-vendors';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { voucherKeys } from './voucher-keys.ts';

/** The vendors a voucher may name (GET /console/vendors, the first 200 by name): the picker's choices. */
export async function getVendorChoices(signal?: AbortSignal) {
  const { vendors } = await consoleApi.get(`${CONSOLE_API}/vendors?limit=200`, {
    schema: ConsoleVendorListSchema,
    signal,
  });
  return vendors.map((vendor) => ({ value: vendor.vendor_id, label: `${vendor.name} (${vendor.vendor_id})` }));
}

export const useVendorChoices = () =>
  useQuery({ queryKey: voucherKeys.vendorChoices(), queryFn: ({ signal }) => getVendorChoices(signal) });
