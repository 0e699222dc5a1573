import { RegisterPage } from '../../features/auth/components/register-page.tsx';
import { PublicFormPage } from '../layout/public-layout.tsx';

export function RegisterRoute() {
  return (
    <PublicFormPage>
      <RegisterPage />
    </PublicFormPage>
  );
}
