import { OperatorsPage } from '../../../features/console/operators/components/operators-page.tsx';
import { useConsoleSession } from '../../../features/console/shared/console-session.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';

/** /console/operators (admins). */
export function OperatorsRoute() {
  const session = useConsoleSession();
  const config = useConfig();
  if (!session) return null;
  return <OperatorsPage self={session.operator} timeZone={config.country.timeZone} />;
}
