import { type PaymentAuthAnswer, PaymentAuthAnswerSchema } from '@riderdesk/domain/contracts/payments';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** POST /order/payment/auth/{vendorId} (spec §7 "initiate wallet"): the session the card fields belong to. */
export async function authorisePayment(vendorId: string): Promise<PaymentAuthAnswer['result']> {
  const answer = await api.post(`${API_BASE}/order/payment/auth/${encodeURIComponent(vendorId)}`, undefined, {
    schema: PaymentAuthAnswerSchema,
    retries: 0,
  });
  return answer.result;
}

// A wallet lives 15 minutes; a new one is asked for well before, and never shared with another vendor.
export const paymentWalletQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: ['request', 'payment-wallet', vendorId],
    queryFn: () => authorisePayment(vendorId),
    staleTime: 10 * 60_000,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
