import { FLAG_REFRESH_DEBOUNCE_MS, FLAG_REFRESH_MS } from '@riderdesk/domain/constants';
import type { Flags } from '@riderdesk/domain/contracts/flags';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { flagKeys } from '../../../shared/api/query-keys.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { type FlagProvider, getFlags } from '../api/get-flags.ts';

export const flagsQueryOptions = (providers: readonly FlagProvider[]) =>
  queryOptions({
    queryKey: flagKeys.all,
    queryFn: () => getFlags(providers),
    // spec §9: flags refresh every 300000 ms.
    refetchInterval: FLAG_REFRESH_MS,
    staleTime: FLAG_REFRESH_MS,
  });

/** Current flags; the app prefetches them before the first render, so this never waits. */
export function useFlags(): Flags | undefined {
  const config = useConfig();
  return useQuery(flagsQueryOptions(config.flagProviders)).data?.flags;
}

/** spec §7: flags refresh after login and logout, debounced by 400 ms. */
export function useRefreshFlagsOnSessionChange(isLoggedIn: boolean): void {
  const queryClient = useQueryClient();
  const previous = useRef(isLoggedIn);
  useEffect(() => {
    if (previous.current === isLoggedIn) return;
    previous.current = isLoggedIn;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: flagKeys.all });
    }, FLAG_REFRESH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [isLoggedIn, queryClient]);
}
