import type { StatementFormat } from '@riderdesk/domain/contracts/order-list';
import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../shared/api/client.ts';
import { downloadAuthorisedFile } from '../../../shared/api/download-file.ts';

export interface StatementRequest {
  vendorId: string;
  includeOutlets: boolean;
  /** yyyy-MM */
  month: string;
  format: StatementFormat;
  language: string;
}

/** GET /vendor/{vendorId}/statement: the month's statement, downloaded with the Authorization header. */
export function downloadStatement({ vendorId, includeOutlets, month, format, language }: StatementRequest) {
  const params = new URLSearchParams({ month, format, lang: language === 'ur_alt' ? 'ur_alt' : 'en' });
  if (includeOutlets) params.set('include_outlets', 'true');
  return downloadAuthorisedFile(
    `${API_BASE}/vendor/${encodeURIComponent(vendorId)}/statement?${params}`,
    `statement-${month}.${format}`,
  );
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
