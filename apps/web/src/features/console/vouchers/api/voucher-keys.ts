/** Query keys of the console's Vouchers page; no other section reads these. */
export const voucherKeys = {
  all: ['console', 'vouchers'] as const,
  list: () => [...voucherKeys.all, 'list'] as const,
  uses: (code: string) => [...voucherKeys.all, 'uses', code] as const,
  vendorChoices: () => [...voucherKeys.all, 'vendor-choices'] as const,
};
