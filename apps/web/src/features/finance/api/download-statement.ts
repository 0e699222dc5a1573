import { useMutation } from '@tanstack/react-query';
import { downloadAuthorisedFile } from '../../../shared/api/download-file.ts';
import { settlementEndpoint } from './get-settlement.ts';

export interface StatementRequest {
  vendorId: string;
  settlementId: string;
  format: 'xlsx' | 'csv';
  language: string;
}

/** GET …/settlements/{id}/statement: the settlement's lines as XLSX or CSV, in the page's language. */
export function downloadStatement({ vendorId, settlementId, format, language }: StatementRequest) {
  const params = new URLSearchParams({ format, lang: language });
  return downloadAuthorisedFile(
    `${settlementEndpoint(vendorId, settlementId)}/statement?${params}`,
    `settlement.${format}`,
  );
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
