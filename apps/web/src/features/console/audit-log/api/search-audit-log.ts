import { AuditPageSchema } from '@riderdesk/domain/contracts/console-audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';

export const auditKeys = {
  search: (query: Record<string, string>) => ['console', 'audit-log', query] as const,
};

/** GET /console/audit-log: a page of the entries the search selects, newest first. */
export function searchAuditLog(query: Record<string, string>, cursor: string | null, signal?: AbortSignal) {
  const search = new URLSearchParams(query);
  if (cursor) search.set('cursor', cursor);
  const suffix = search.size > 0 ? `?${search}` : '';
  return consoleApi.get(`${CONSOLE_API}/audit-log${suffix}`, { schema: AuditPageSchema, signal });
}

export const useAuditLog = (query: Record<string, string>) =>
  useInfiniteQuery({
    queryKey: auditKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchAuditLog(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

/** GET /console/audit-log/export: the same search as a CSV file, saved by the browser. */
export async function exportAuditLog(query: Record<string, string>) {
  const search = new URLSearchParams(query);
  const { blob, fileName } = await consoleApi.download(
    `${CONSOLE_API}/audit-log/export${search.size > 0 ? `?${search}` : ''}`,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
