import { Navigate, useParams } from 'react-router';
import { HelpCentrePage } from '../../features/help-centre/components/help-centre-page.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useAppFlags } from '../use-app-flags.ts';

export function HelpCentreRoute() {
  const { vendorID = '' } = useParams();
  const { country } = useConfig();
  const flags = useAppFlags();
  const { mode } = useConfig();
  if (!flags.Helpcenter || mode === 'GODROID') return <Navigate to="/" replace />;
  return <HelpCentrePage vendorId={vendorID} deliveryInfoUrl={country.links.deliveryServiceInfo} />;
}
