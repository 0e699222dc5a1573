import { RidersPage } from '../../../features/console/riders/components/riders-page.tsx';
import { useConfig } from '../../../shared/config/config-context.tsx';

/** /console/riders (admin, operations). */
export function RidersRoute() {
  const config = useConfig();
  return <RidersPage timeZone={config.country.timeZone} />;
}
