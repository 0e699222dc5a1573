import { useLiveConnection } from '../shared/live/live-store.ts';

/**
 * spec §4: the live connection follows the session (logout closes it by unmounting the shell) and
 * the selected vendor (subscribed again on every change).
 */
export function LiveConnection({ vendorId, isEnabled }: { vendorId: string | null; isEnabled: boolean }) {
  useLiveConnection(vendorId, isEnabled);
  return null;
}
