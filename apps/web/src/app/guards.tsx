import type { FlagName } from '@riderdesk/domain/contracts/flags';
import { paths } from '@riderdesk/domain/paths';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useConfig } from '../shared/config/config-context.tsx';
import { startGuestSession, useGuestVendorId } from '../shared/session/guest-session.ts';
import { isSessionValid, useSession } from '../shared/session/session-store.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { AppLoadFailure } from './app-load-failure.tsx';
import { isMaintenanceOn, useAppFlags } from './use-app-flags.ts';

/**
 * spec §1/§4: in GUEST mode a visitor without an account is a guest; the server's guest session (decision
 * 080) is opened here, once, before the shell asks for anything.
 */
function GuestSessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const guestVendorId = useGuestVendorId();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (guestVendorId) return;
    let isCurrent = true;
    startGuestSession().catch(() => {
      if (isCurrent) setFailed(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [guestVendorId]);
  if (guestVendorId) return children;
  if (failed) return <AppLoadFailure message={t('guest.error.start')} />;
  return <PageLoader />;
}

/**
 * spec §2: authenticated routes go to / when the user is not logged in or the route is disabled,
 * and to /maintenance while a maintenance flag is on.
 */
export function RequireSession({
  flag,
  merchantsOnly = false,
  children,
}: {
  flag?: FlagName;
  /** A signed-in merchant's page: guests and partner apps' users are sent to their request page (spec §2). */
  merchantsOnly?: boolean;
  children: ReactNode;
}) {
  const { mode } = useConfig();
  const session = useSession();
  const flags = useAppFlags();
  if (isMaintenanceOn(flags)) return <Navigate to={paths.maintenance()} replace />;
  if (!isSessionValid(session, mode)) return <Navigate to="/" replace />;
  if (flag && !flags[flag]) return <Navigate to="/" replace />;
  if (merchantsOnly && (mode === 'GODROID' || !session?.user)) return <Navigate to={paths.requestARider()} replace />;
  if (mode === 'GUEST' && !session) return <GuestSessionGate>{children}</GuestSessionGate>;
  return children;
}

/**
 * spec §2: public auth routes; / (and the other auth pages) go to /request-a-rider once logged in. A guest
 * may still open the login and sign-up pages (`allowGuests`): the account popover sends them there.
 */
export function PublicAuthRoute({
  flagOff,
  allowGuests = false,
  children,
}: {
  flagOff?: FlagName;
  allowGuests?: boolean;
  children: ReactNode;
}) {
  const { mode } = useConfig();
  const session = useSession();
  const flags = useAppFlags();
  if (isMaintenanceOn(flags)) return <Navigate to={paths.maintenance()} replace />;
  const isGuest = mode !== 'GODROID' && !session;
  if (isSessionValid(session, mode) && !(allowGuests && isGuest))
    return <Navigate to={paths.requestARider()} replace />;
  if (flagOff && flags[flagOff]) return <Navigate to="/" replace />;
  return children;
}
