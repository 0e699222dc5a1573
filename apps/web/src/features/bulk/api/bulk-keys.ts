/** Query keys of the bulk screens; no other feature reads these. */
export const bulkKeys = {
  all: ['bulk-jobs'] as const,
  history: (vendorId: string) => ['bulk-jobs', 'history', vendorId] as const,
  detail: (vendorId: string, jobId: string) => ['bulk-jobs', 'detail', vendorId, jobId] as const,
};
