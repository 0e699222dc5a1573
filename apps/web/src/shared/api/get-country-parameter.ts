import { COUNTRY_PARAMETER_CACHE_MS } from '@riderdesk/domain/constants';
import { CountryParameterAnswerSchema, type CountryParameterName } from '@riderdesk/domain/contracts/vendors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from './client.ts';
import { countryParameterKeys } from './query-keys.ts';

export async function getCountryParameter(name: CountryParameterName): Promise<string> {
  return (await api.get(`${API_BASE}/get-country-parameter/${name}`, { schema: CountryParameterAnswerSchema })).result;
}

export const countryParameterQueryOptions = (name: CountryParameterName) =>
  queryOptions({
    queryKey: countryParameterKeys.detail(name),
    queryFn: () => getCountryParameter(name),
    // spec §9: country parameters are cached 5 minutes.
    staleTime: COUNTRY_PARAMETER_CACHE_MS,
    gcTime: COUNTRY_PARAMETER_CACHE_MS,
  });

export function useCountryParameter(name: CountryParameterName, enabled = true) {
  return useQuery({ ...countryParameterQueryOptions(name), enabled });
}
