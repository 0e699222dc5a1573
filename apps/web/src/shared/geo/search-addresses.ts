import {
  AutocompleteAnswerSchema,
  type AutocompleteQuery,
  type AutocompleteSuggestion,
} from '@riderdesk/domain/contracts/geo';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../api/client.ts';
import { geoKeys } from '../api/query-keys.ts';

function toSearch(query: AutocompleteQuery): string {
  const params = new URLSearchParams({ query: query.query, country: query.country });
  if (query.lat !== undefined) params.set('lat', String(query.lat));
  if (query.lng !== undefined) params.set('lng', String(query.lng));
  if (query.language) params.set('language', query.language);
  return params.toString();
}

/** GET /geolocator/autocomplete (spec §7): suggestions are read from data.data. */
export async function searchAddresses(
  query: AutocompleteQuery,
  signal?: AbortSignal,
): Promise<AutocompleteSuggestion[]> {
  const answer = await api.get(`${API_BASE}/geolocator/autocomplete?${toSearch(query)}`, {
    schema: AutocompleteAnswerSchema,
    signal,
  });
  return answer.data.data;
}

export const searchAddressesQueryOptions = (query: AutocompleteQuery) =>
  queryOptions({
    queryKey: geoKeys.autocomplete(query),
    queryFn: ({ signal }) => searchAddresses(query, signal),
    staleTime: 60_000,
  });

export function useSearchAddresses(query: AutocompleteQuery, enabled: boolean) {
  return useQuery({ ...searchAddressesQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
