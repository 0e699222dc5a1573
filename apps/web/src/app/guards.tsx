import type { FlagName } from '@riderdesk/domain/contracts/flags';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useConfig } from '../shared/config/config-context.tsx';
import { isSessionValid, useSession } from '../shared/session/session-store.ts';
import { isMaintenanceOn, useAppFlags } from './use-app-flags.ts';

/**
 * spec §2: authenticated routes go to / when the user is not logged in or the route is disabled,
 * and to /maintenance while a maintenance flag is on.
 */
export function RequireSession({ flag, children }: { flag?: FlagName; children: ReactNode }) {
  const { mode } = useConfig();
  const session = useSession();
  const flags = useAppFlags();
  if (isMaintenanceOn(flags)) return <Navigate to="/maintenance" replace />;
  if (!isSessionValid(session, mode)) return <Navigate to="/" replace />;
  if (flag && !flags[flag]) return <Navigate to="/" replace />;
  return children;
}

/** spec §2: public auth routes; / (and the other auth pages) go to /request-a-rider once logged in. */
export function PublicAuthRoute({ flagOff, children }: { flagOff?: FlagName; children: ReactNode }) {
  const { mode } = useConfig();
  const session = useSession();
  const flags = useAppFlags();
  if (isMaintenanceOn(flags)) return <Navigate to="/maintenance" replace />;
  if (isSessionValid(session, mode)) return <Navigate to="/request-a-rider" replace />;
  if (flagOff && flags[flagOff]) return <Navigate to="/" replace />;
  return children;
}
