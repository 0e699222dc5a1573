import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';
import { PublicFormPage } from '../layout/public-layout.tsx';

export function ForgotPasswordRoute() {
  return (
    <PublicFormPage>
      <ForgotPasswordPage />
    </PublicFormPage>
  );
}
