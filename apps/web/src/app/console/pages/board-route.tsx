import { BoardPage } from '../../../features/console/board/components/board-page.tsx';
import { useConsoleSession } from '../../../features/console/shared/console-session.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';

/** /console/board (admin, operations, support). */
export function BoardRoute() {
  const session = useConsoleSession();
  const config = useConfig();
  if (!session) return null;
  const { mapCentre } = config.country;
  return (
    <BoardPage
      self={session.operator}
      tileUrl={config.mapTileUrl}
      centre={{ lat: mapCentre.latitude, lng: mapCentre.longitude }}
    />
  );
}
