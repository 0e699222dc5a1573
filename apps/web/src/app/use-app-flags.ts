import { FLAG_DEFAULTS, type Flags } from '@riderdesk/domain/contracts/flags';
import { useFlags } from '../features/flags/hooks/use-flags.ts';
import { useShell } from './shell-context.tsx';

/**
 * The flags of the branch selected in the shell (or of `vendorId`, for the shell itself), else the country's.
 * The country's are prefetched before the first render; the defaults only cover a cleared cache.
 */
export function useAppFlags(vendorId?: string | null): Flags {
  const { selectedVendor } = useShell();
  return useFlags(vendorId === undefined ? (selectedVendor?.vendor_id ?? null) : vendorId) ?? FLAG_DEFAULTS;
}

export const isMaintenanceOn = (flags: Flags): boolean => flags.PlannedMaintenance || flags.UnplannedMaintenance;
