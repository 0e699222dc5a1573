import { EMBEDDED_HELP_CENTRE } from '@riderdesk/domain/paths';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { HelpCentrePage } from '../../features/help-centre/components/help-centre-button.tsx';
import { HelpCentreFrame } from '../../features/help-centre/components/help-centre-frame.tsx';
import { useLanguage } from '../../features/language/hooks/use-language.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useShell } from '../shell-context.tsx';
import { useHelpCentreContext } from '../use-help-centre-context.ts';
import { sectionPath } from '../vendor-path.ts';

/** spec §2 /helpcenter/{vendorID}: the help centre as a page (the round button's target on small screens). */
export function HelpCentreRoute() {
  const { vendorID } = useParams();
  const { selectedVendor } = useShell();
  const navigate = useNavigate();
  const vendorId = vendorID ?? selectedVendor?.vendor_id ?? null;
  const context = useHelpCentreContext(vendorId);
  return <HelpCentrePage context={context} onClose={() => navigate(sectionPath('order-tracking', vendorId))} />;
}

/** The embedded help centre's frame page (/help-centre/frame?locale=…&country=…#token=…). */
export function HelpCentreFrameRoute() {
  const [params] = useSearchParams();
  const config = useConfig();
  const { language, changeLanguage } = useLanguage();
  const locale = params.get('locale');
  useEffect(() => {
    if (locale && locale !== language && config.languages.includes(locale)) void changeLanguage(locale);
  }, [locale, language, config.languages, changeLanguage]);
  return (
    <HelpCentreFrame
      host={EMBEDDED_HELP_CENTRE}
      country={params.get('country') ?? config.country.code}
      language={language}
    />
  );
}
