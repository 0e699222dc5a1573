import { useTranslation } from 'react-i18next';
import type { HelpCentreContext } from '../features/help-centre/hooks/use-help-centre.ts';
import { useConfig } from '../shared/config/config-context.tsx';
import { useSession } from '../shared/session/session-store.ts';
import { useShell } from './shell-context.tsx';

/** What the help centre's init payload is built from (spec §3): the session, the vendor, the deployment. */
export function useHelpCentreContext(vendorId: string | null): HelpCentreContext {
  const config = useConfig();
  const session = useSession();
  const { selectedVendor } = useShell();
  const { i18n } = useTranslation();
  return {
    vendorId,
    host: config.helpCentreUrl,
    user: {
      id: session?.user.id ?? null,
      email: session?.user.email ?? '',
      name: selectedVendor?.name ?? session?.user.email ?? '',
    },
    brand: config.brand.id,
    country: config.country.code,
    locale: i18n.language,
  };
}
