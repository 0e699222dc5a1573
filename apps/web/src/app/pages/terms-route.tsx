import { TermsPage } from '../../features/legal/components/terms-page.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';

export function TermsRoute() {
  const { brand } = useConfig();
  return <TermsPage serviceName={brand.serviceName} externalUrl={brand.termsUrl} />;
}
