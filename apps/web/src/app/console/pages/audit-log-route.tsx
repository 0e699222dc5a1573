import { useSearchParams } from 'react-router';
import { searchOfLink } from '../../../features/console/audit-log/audit-view.ts';
import { AuditLogPage } from '../../../features/console/audit-log/components/audit-log-page.tsx';
import { useOperators } from '../../../features/console/operators/api/get-operators.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';

/**
 * /console/audit-log[?operator_id=&target_type=&target_id=] (admins): a section's "see in the audit log" links
 * here with its target. The operator filter's choices come from the Operators section: features meet here.
 */
export function AuditLogRoute() {
  const config = useConfig();
  const [params] = useSearchParams();
  const operators = useOperators();
  return (
    <AuditLogPage initial={searchOfLink(params)} operators={operators.data ?? []} timeZone={config.country.timeZone} />
  );
}
