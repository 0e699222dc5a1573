/** Query keys of the console's Operators page; no other section reads these. */
export const operatorKeys = {
  all: ['console', 'operators'] as const,
};
