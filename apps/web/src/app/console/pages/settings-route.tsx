import { consolePaths } from '@riderdesk/domain/paths';
import { useNavigate, useSearchParams } from 'react-router';
import { SettingsPage } from '../../../features/console/settings/components/settings-page.tsx';
import { settingsTabOf } from '../../../features/console/settings/settings-view.ts';
import { useConsoleSession } from '../../../features/console/shared/console-session.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';

/** /console/settings[?tab=] (admins; operations see the flags). */
export function SettingsRoute() {
  const session = useConsoleSession();
  const config = useConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (!session) return null;
  return (
    <SettingsPage
      self={session.operator}
      tab={settingsTabOf(params.get('tab'), session.operator.role)}
      onTab={(tab) => navigate(consolePaths.consoleSettings({ tab }))}
      countryCode={config.country.code}
      timeZone={config.country.timeZone}
    />
  );
}
