import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { createContext, useContext } from 'react';

export interface ShellState {
  vendors: readonly Vendor[];
  selectedVendor: Vendor | null;
  includeOutlets: boolean;
  /** The user's branches are still on their way: no branch is selected yet, and none is missing. */
  isLoadingBranches?: boolean;
}

export const ShellContext = createContext<ShellState>({ vendors: [], selectedVendor: null, includeOutlets: false });

/** The branch chosen in the shell, handed to the feature pages by the route adapters. */
export const useShell = () => useContext(ShellContext);
