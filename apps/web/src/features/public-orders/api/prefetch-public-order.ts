import type { QueryClient } from '@tanstack/react-query';
import { publicC2cTrackingQueryOptions } from './get-public-c2c-tracking.ts';
import { publicReceiptQueryOptions } from './get-public-receipt.ts';
import { publicTrackingQueryOptions } from './get-public-tracking.ts';
import { isPossibleToken } from './public-order-query.ts';

export type PublicOrderKind = 'tracking' | 'receipt' | 'c2c';

/**
 * Asks for a public order page's answer before the page first renders, into the cache its query reads: the
 * page then opens on the order instead of on its loading state (the server has the answer preloaded with the
 * page's scripts, so it is usually here already). Never rejects: a failure is the page's query's to show.
 */
export function prefetchPublicOrder(queryClient: QueryClient, kind: PublicOrderKind, token: string): Promise<void> {
  if (!isPossibleToken(token)) return Promise.resolve();
  if (kind === 'tracking') return queryClient.prefetchQuery(publicTrackingQueryOptions(token));
  if (kind === 'receipt') return queryClient.prefetchQuery(publicReceiptQueryOptions(token));
  return queryClient.prefetchQuery(publicC2cTrackingQueryOptions(token));
}
