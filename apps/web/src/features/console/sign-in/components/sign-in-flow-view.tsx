import type { ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import { type ReactNode, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { type SignInStep, signInReducer } from '../sign-in-flow.ts';
import { CodeStep } from './code-step.tsx';
import { EnrolStep } from './enrol-step.tsx';
import { PasswordStep } from './password-step.tsx';
import { RecoveryCodesStep } from './recovery-codes-step.tsx';
import { SignInFrame } from './sign-in-frame.tsx';

const TITLES: Record<SignInStep['step'], string> = {
  password: 'console.sign-in.title',
  code: 'console.sign-in.code-title',
  enrol: 'console.enrol.title',
  'recovery-codes': 'console.recovery.title',
  'signed-in': 'console.sign-in.title',
};

/**
 * The sign-in's steps in one frame. `initial` is where it starts: the password, or (from a set-up link) the
 * enrolment the chosen password led to. `onSignedIn` gets the session once the operator may enter.
 */
export function SignInFlow({
  initial,
  serviceName,
  notice,
  corner,
  onSignedIn,
  onStartAgain,
}: {
  initial: SignInStep;
  serviceName: string;
  notice?: ReactNode;
  corner?: ReactNode;
  onSignedIn: (session: ConsoleSession) => void;
  /** From a set-up link, starting again is the sign-in page's password step. */
  onStartAgain?: () => void;
}) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(signInReducer, initial);
  const session = state.step === 'signed-in' ? state.session : null;
  useEffect(() => {
    if (session) onSignedIn(session);
  }, [session, onSignedIn]);
  const onSession = (next: ConsoleSession) => dispatch({ type: 'session', session: next });
  const startAgain = onStartAgain ?? (() => dispatch({ type: 'start-again' }));
  return (
    <SignInFrame
      serviceName={serviceName}
      title={t(TITLES[state.step])}
      description={state.step === 'password' ? notice : undefined}
      corner={corner}
    >
      {state.step === 'password' && (
        <PasswordStep onChallenge={(challenge) => dispatch({ type: 'challenge', challenge })} />
      )}
      {state.step === 'code' && (
        <CodeStep
          challenge={state.challenge}
          method={state.method}
          onSession={onSession}
          onSwitch={() => dispatch({ type: state.method === 'app' ? 'use-recovery-code' : 'use-app' })}
          onStartAgain={startAgain}
        />
      )}
      {state.step === 'enrol' && (
        <EnrolStep
          challenge={state.challenge}
          otpauthUri={state.otpauthUri}
          secret={state.secret}
          onSession={onSession}
          onStartAgain={startAgain}
        />
      )}
      {state.step === 'recovery-codes' && (
        <RecoveryCodesStep
          codes={state.session.recovery_codes ?? []}
          account={state.session.operator.email}
          serviceName={serviceName}
          onKept={() => dispatch({ type: 'codes-kept' })}
        />
      )}
    </SignInFrame>
  );
}
