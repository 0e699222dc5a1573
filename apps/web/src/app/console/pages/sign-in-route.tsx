import type { ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import { consolePaths } from '@riderdesk/domain/paths';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  startConsoleSession,
  takeSessionEnd,
  useConsoleSession,
} from '../../../features/console/shared/console-session.ts';
import { SetUpPage } from '../../../features/console/sign-in/components/set-up-page.tsx';
import { SignInFlow } from '../../../features/console/sign-in/components/sign-in-flow-view.tsx';
import { pageAfterSignIn, SIGN_IN_START } from '../../../features/console/sign-in/sign-in-flow.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { ConsoleLanguageMenu } from '../console-language.tsx';

/** /console/sign-in[?next=]: the sign-in; a session opens the page the operator was sent away from. */
export function SignInRoute() {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = pageAfterSignIn(params.get('next'));
  const session = useConsoleSession();
  // Read once: a sign-in after an ended session says why it is asked for.
  const [ended] = useState(takeSessionEnd);
  const onSignedIn = useCallback(
    (signedIn: ConsoleSession) => {
      startConsoleSession(signedIn);
      navigate(next, { replace: true });
    },
    [navigate, next],
  );
  if (session) return <Navigate to={next} replace />;
  return (
    <SignInFlow
      initial={SIGN_IN_START}
      serviceName={config.brand.serviceName}
      notice={ended ? t(`console.sign-in.ended-${ended}`) : undefined}
      corner={<ConsoleLanguageMenu />}
      onSignedIn={onSignedIn}
    />
  );
}

/** /console/set-up#token=…: the token is read from the fragment once, and the fragment leaves the address bar. */
export function SetUpRoute() {
  const config = useConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    window.history.replaceState(window.history.state, '', consolePaths.consoleSetUp());
  }, []);
  const onSignedIn = useCallback(
    (signedIn: ConsoleSession) => {
      startConsoleSession(signedIn);
      navigate(consolePaths.console(), { replace: true });
    },
    [navigate],
  );
  return (
    <SetUpPage
      token={token}
      serviceName={config.brand.serviceName}
      corner={<ConsoleLanguageMenu />}
      onSignedIn={onSignedIn}
      onStartAgain={() => navigate(consolePaths.consoleSignIn())}
    />
  );
}
