import { VouchersPage } from '../../../features/console/vouchers/components/vouchers-page.tsx';
import { useConfig } from '../../../shared/config/config-context.tsx';

/** /console/vouchers (admin, operations). */
export function VouchersRoute() {
  const config = useConfig();
  return <VouchersPage currency={config.country.currency} timeZone={config.country.timeZone} />;
}
