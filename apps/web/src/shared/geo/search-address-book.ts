import { ADDRESS_BOOK_RETRY_COUNT } from '@riderdesk/domain/constants';
import { AddressBookAnswerSchema, type AddressBookEntry } from '@riderdesk/domain/contracts/geo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../api/client.ts';
import { geoKeys } from '../api/query-keys.ts';

/** GET /addressbook/search-customers/{vendorId} (spec §7): entries in data.body, 1 retry. */
export async function searchAddressBook(
  vendorId: string,
  query: string,
  signal?: AbortSignal,
): Promise<AddressBookEntry[]> {
  const answer = await api.get(
    `${API_BASE}/addressbook/search-customers/${encodeURIComponent(vendorId)}?${new URLSearchParams({ query })}`,
    { schema: AddressBookAnswerSchema, retries: ADDRESS_BOOK_RETRY_COUNT, signal },
  );
  return answer.data.body;
}

export const searchAddressBookQueryOptions = (vendorId: string, query: string) =>
  queryOptions({
    queryKey: geoKeys.addressBook(vendorId, query),
    queryFn: ({ signal }) => searchAddressBook(vendorId, query, signal),
    staleTime: 60_000,
  });

export function useSearchAddressBook(vendorId: string, query: string, enabled: boolean) {
  return useQuery({ ...searchAddressBookQueryOptions(vendorId, query), enabled });
}
