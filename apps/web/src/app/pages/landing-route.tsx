import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { VerificationNotice } from '../../features/auth/components/verification-notice.tsx';
import { useVerificationNotice } from '../../features/auth/hooks/use-verification-notice.ts';
import { LandingPage } from '../../features/landing/components/landing-page.tsx';
import { WelcomeTourButton } from '../../features/welcome/components/welcome-tour-button.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useAppFlags } from '../use-app-flags.ts';
import { GuestCheckoutButton } from './guest-checkout-button.tsx';

export function LandingRoute() {
  const verification = useVerificationNotice();
  const flags = useAppFlags();
  const { mode } = useConfig();
  const canRegister = !flags.DeactivateSignUpButton;
  const hasGuestCheckout = mode === 'CLASSIC' && flags.GuestCheckout;
  return (
    <LandingPage
      canRegister={canRegister}
      tour={<WelcomeTourButton />}
      loginForm={
        <>
          {verification && <VerificationNotice outcome={verification} />}
          <LoginForm canRegister={canRegister} />
          {hasGuestCheckout && <GuestCheckoutButton />}
        </>
      }
    />
  );
}
