import { ApiClientListSchema } from '@riderdesk/domain/contracts/merchant-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';

/** GET /merchant-api/clients: the API clients of every vendor the user acts for (decision 151). */
export async function getApiClients(signal?: AbortSignal) {
  return (await api.get(`${API_BASE}/merchant-api/clients`, { schema: ApiClientListSchema, signal })).clients;
}

export const apiClientsQueryOptions = () =>
  queryOptions({ queryKey: developerKeys.clients, queryFn: ({ signal }) => getApiClients(signal) });

export const useApiClients = () => useQuery(apiClientsQueryOptions());
