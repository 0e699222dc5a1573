import { mayOperate } from '@riderdesk/domain/console/roles';
import { CONSOLE_VENDOR_STATES, type ConsoleVendorState } from '@riderdesk/domain/contracts/console-vendors';
import { consolePaths } from '@riderdesk/domain/paths';
import { useSearchParams } from 'react-router';
import { useConsoleSession } from '../../../features/console/shared/console-session.ts';
import { VendorDetail } from '../../../features/console/vendors/components/vendor-detail.tsx';
import { VendorsPage } from '../../../features/console/vendors/components/vendors-page.tsx';
import { useConfig } from '../../../shared/config/config-context.tsx';

const stateOf = (value: string | null): ConsoleVendorState | undefined =>
  (CONSOLE_VENDOR_STATES as readonly string[]).includes(value ?? '') ? (value as ConsoleVendorState) : undefined;

/** /console/vendors[?q=&state=][&vendor=] (admin, operations; support reads): the list, or a vendor's page. */
export function VendorsRoute() {
  const session = useConsoleSession();
  const config = useConfig();
  const [params, setParams] = useSearchParams();
  if (!session) return null;
  const q = params.get('q') ?? undefined;
  const state = stateOf(params.get('state'));
  const vendorId = params.get('vendor');
  const query = { ...(q ? { q } : {}), ...(state ? { state } : {}) };
  const listHref = consolePaths.consoleVendors({ q: q ?? null });
  if (vendorId) {
    return (
      <VendorDetail
        key={vendorId}
        vendorId={vendorId}
        canChange={mayOperate(session.operator.role, ['operations'])}
        timeZone={config.country.timeZone}
        tileUrl={config.mapTileUrl}
        backHref={listHref}
        onBack={() => {
          const next = new URLSearchParams(params);
          next.delete('vendor');
          setParams(next);
        }}
      />
    );
  }
  return (
    <VendorsPage
      key={JSON.stringify(query)}
      initial={query}
      onSearch={(next) => setParams(new URLSearchParams(next as Record<string, string>))}
      hrefOf={(id) => consolePaths.consoleVendors({ q: q ?? null, vendor: id })}
      onOpen={(id) => {
        const next = new URLSearchParams(params);
        next.set('vendor', id);
        setParams(next);
      }}
    />
  );
}
