import { useSearchParams } from 'react-router';
import { DevelopersPage } from '../../features/developers/components/developers-page.tsx';
import { DEVELOPER_TABS, developerTabOf } from '../../features/developers/developer-tabs.ts';
import { useShell } from '../shell-context.tsx';

/** /settings/developers[?tab=]: the tab lives in the address, so a link or a reload opens the same one. */
export function DevelopersRoute() {
  const { vendors, selectedVendor } = useShell();
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <DevelopersPage
      vendors={vendors}
      selectedVendor={selectedVendor}
      tab={developerTabOf(searchParams.get('tab'))}
      onTabChange={(tab) => setSearchParams(tab === DEVELOPER_TABS[0] ? {} : { tab }, { replace: true })}
    />
  );
}
