import { HistoryPage } from '../../features/history/components/history-page.tsx';
import { useShell } from '../shell-context.tsx';
import { sectionPath } from '../vendor-path.ts';

export function HistoryRoute() {
  const { selectedVendor } = useShell();
  return <HistoryPage requestPath={sectionPath('request-a-rider', selectedVendor?.vendor_id)} />;
}
