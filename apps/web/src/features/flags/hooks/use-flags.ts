import { FLAG_REFRESH_DEBOUNCE_MS, FLAG_REFRESH_MS } from '@riderdesk/domain/constants';
import type { Flags } from '@riderdesk/domain/contracts/flags';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { flagKeys } from '../../../shared/api/query-keys.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { type FlagProvider, getFlags, getVendorFlags } from '../api/get-flags.ts';

export const flagsQueryOptions = (providers: readonly FlagProvider[]) =>
  queryOptions({
    queryKey: flagKeys.all,
    queryFn: () => getFlags(providers),
    // spec §9: flags refresh every 300000 ms.
    refetchInterval: FLAG_REFRESH_MS,
    staleTime: FLAG_REFRESH_MS,
  });

export const vendorFlagsQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: flagKeys.vendor(vendorId),
    queryFn: () => getVendorFlags(vendorId),
    refetchInterval: FLAG_REFRESH_MS,
    staleTime: FLAG_REFRESH_MS,
    retry: false,
  });

/**
 * Current flags: the selected branch's when one is given (read again when the branch changes), else, and
 * until they arrive or when they cannot be had, the country's. The country's are prefetched before the first
 * render, so this never waits.
 */
export function useFlags(vendorId: string | null = null): Flags | undefined {
  const config = useConfig();
  const country = useQuery(flagsQueryOptions(config.flagProviders)).data?.flags;
  const vendor = useQuery({ ...vendorFlagsQueryOptions(vendorId ?? ''), enabled: vendorId !== null }).data;
  return (vendorId !== null ? vendor : undefined) ?? country;
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
      void queryClient.invalidateQueries({ queryKey: flagKeys.vendors });
    }, FLAG_REFRESH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [isLoggedIn, queryClient]);
}

/** How often a page shown during maintenance asks whether it is over (it has no live connection). */
export const MAINTENANCE_RECHECK_MS = 5_000;

/** While the maintenance page is shown: the country's flags are read every MAINTENANCE_RECHECK_MS. */
export function useMaintenanceRecheck(): void {
  const config = useConfig();
  useQuery({ ...flagsQueryOptions(config.flagProviders), refetchInterval: MAINTENANCE_RECHECK_MS });
}
