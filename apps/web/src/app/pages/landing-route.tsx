import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useVerificationNotice } from '../../features/auth/hooks/use-verification-notice.ts';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { useAppFlags } from '../use-app-flags.ts';

export function LandingRoute() {
  useVerificationNotice();
  const flags = useAppFlags();
  const canRegister = !flags.DeactivateSignUpButton;
  return <LandingPage canRegister={canRegister} loginForm={<LoginForm canRegister={canRegister} />} />;
}
