import { InvitationPage } from '../../features/auth/components/invitation-page.tsx';
import { PublicFormPage } from '../layout/public-layout.tsx';

export function InvitationRoute() {
  return (
    <PublicFormPage>
      <InvitationPage />
    </PublicFormPage>
  );
}
