import { FLAG_DEFAULTS, type Flags } from '@riderdesk/domain/contracts/flags';
import { useFlags } from '../features/flags/hooks/use-flags.ts';

/** Flags are prefetched before the first render; the defaults only cover a cleared cache. */
export function useAppFlags(): Flags {
  return useFlags() ?? FLAG_DEFAULTS;
}

export const isMaintenanceOn = (flags: Flags): boolean => flags.PlannedMaintenance || flags.UnplannedMaintenance;
