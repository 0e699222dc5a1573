import { TermsPage } from '../../features/legal/components/terms-page.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';

export function TermsRoute() {
  return <TermsPage serviceName={useConfig().brand.serviceName} />;
}
