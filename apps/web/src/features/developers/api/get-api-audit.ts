import { ApiAuditListSchema } from '@riderdesk/domain/contracts/merchant-api-audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';

/** GET /merchant-api/audit: the merchant API's calls of the caller's clients, newest first, a page at a time. */
export async function getApiAudit(query: { clientId: string | null; cursor: string | null }, signal?: AbortSignal) {
  const search = new URLSearchParams();
  if (query.clientId) search.set('client_id', query.clientId);
  if (query.cursor) search.set('cursor', query.cursor);
  const suffix = search.size > 0 ? `?${search}` : '';
  return api.get(`${API_BASE}/merchant-api/audit${suffix}`, { schema: ApiAuditListSchema, signal });
}

export function useApiAudit(clientId: string | null) {
  return useInfiniteQuery({
    queryKey: developerKeys.activity(clientId),
    queryFn: ({ pageParam, signal }) => getApiAudit({ clientId, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}
