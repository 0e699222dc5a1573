/** Query keys of the bulk screens; no other feature reads these. */
export const bulkKeys = {
  all: ['bulk-jobs'] as const,
  history: (vendorId: string) => ['bulk-jobs', 'history', vendorId] as const,
  detail: (vendorId: string, jobId: string) => ['bulk-jobs', 'detail', vendorId, jobId] as const,
  /** A page of the job's rows: under the job's key, so refreshing the job refreshes it. */
  rows: (vendorId: string, jobId: string, afterRow: number, onlyErrors: boolean) =>
    ['bulk-jobs', 'detail', vendorId, jobId, 'rows', afterRow, onlyErrors] as const,
};
