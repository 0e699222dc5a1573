/** Query keys of the console's Riders page; no other section reads these. */
export const riderKeys = {
  all: ['console', 'riders'] as const,
  list: () => [...riderKeys.all, 'list'] as const,
  detail: (riderId: string) => [...riderKeys.all, 'detail', riderId] as const,
};
