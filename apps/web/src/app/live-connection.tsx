import { useRefreshFlagsOnLiveChange } from '../features/flags/hooks/use-live-flags.ts';
import { useLiveConnection } from '../shared/live/live-store.ts';

/**
 * spec §4: the live connection follows the session (logout closes it by unmounting the shell) and
 * the selected vendor (subscribed again on every change).
 */
export function LiveConnection({ vendorId, isEnabled }: { vendorId: string | null; isEnabled: boolean }) {
  useLiveConnection(vendorId, isEnabled);
  // A flag changed on the server (maintenance among them): read at once, on every open page of the shell.
  useRefreshFlagsOnLiveChange();
  return null;
}
