import { ConsoleVendorListSchema, type ConsoleVendorSearchQuery } from '@riderdesk/domain/contracts/console-vendors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { vendorKeys } from './vendor-keys.ts';

/** GET /console/vendors (admin, operations, support). */
export async function searchVendors(query: ConsoleVendorSearchQuery, signal?: AbortSignal) {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.state) search.set('state', query.state);
  const suffix = search.size > 0 ? `?${search}` : '';
  return (await consoleApi.get(`${CONSOLE_API}/vendors${suffix}`, { schema: ConsoleVendorListSchema, signal })).vendors;
}

export const vendorSearchQueryOptions = (query: ConsoleVendorSearchQuery) =>
  queryOptions({
    queryKey: vendorKeys.search(query),
    queryFn: ({ signal }) => searchVendors(query, signal),
    placeholderData: keepPreviousData,
  });

export const useVendorSearch = (query: ConsoleVendorSearchQuery) => useQuery(vendorSearchQueryOptions(query));
