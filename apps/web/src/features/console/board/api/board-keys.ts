/** Query keys of the console's live board; no other section reads these. */
export const boardKeys = {
  all: ['console', 'board'] as const,
  board: () => [...boardKeys.all, 'orders'] as const,
  freeRiders: (orderId: string) => [...boardKeys.all, 'free-riders', orderId] as const,
};
