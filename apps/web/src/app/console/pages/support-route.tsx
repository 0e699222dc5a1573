import { consolePaths } from '@riderdesk/domain/paths';
import { useNavigate, useSearchParams } from 'react-router';
import { useConsoleSession } from '../../../features/console/shared/console-session.ts';
import { SupportPage } from '../../../features/console/support/components/support-page.tsx';
import { queueTabOf } from '../../../features/console/support/support-view.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';

/** /console/support[?status=&ticket=] (admins, support): the queue tab and the ticket opened beside it. */
export function SupportRoute() {
  const session = useConsoleSession();
  const config = useConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (!session) return null;
  return (
    <SupportPage
      self={session.operator}
      timeZone={config.country.timeZone}
      currency={config.country.currency}
      status={queueTabOf(params.get('status'))}
      ticketNumber={params.get('ticket')}
      onOpen={(next) => navigate(consolePaths.consoleSupport(next))}
    />
  );
}
