import { ActionIcon, Affix, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHelp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type HelpCentreContext, useHelpCentre } from '../hooks/use-help-centre.ts';
import { HelpCentrePanel } from './help-centre-panel.tsx';

/**
 * spec §2: the floating round help button. On small screens it opens the help centre as a full page
 * (`onOpenPage`, the /helpcenter/{vendorID} route); otherwise a panel with the frame above the page.
 */
export function HelpCentreButton({ context, onOpenPage }: { context: HelpCentreContext; onOpenPage: () => void }) {
  const { t } = useTranslation();
  const isSmall = useMediaQuery('(max-width: 48em)');
  const helpCentre = useHelpCentre(context);
  const isOpen = helpCentre.state !== 'closed';
  if (context.vendorId === null) return null;
  return (
    <>
      {isOpen && <HelpCentrePanel helpCentre={helpCentre} onClose={helpCentre.close} />}
      {/* The inline end: bottom right in English, bottom left in Urdu, beside the panel it opens. */}
      <Affix position={{ bottom: 24 }} zIndex={300} style={{ insetInlineEnd: 24 }}>
        <Tooltip label={isOpen ? t('help-center.close') : t('help-center.open-label')} position="left">
          <ActionIcon
            size={56}
            radius="xl"
            variant="filled"
            aria-label={isOpen ? t('help-center.close') : t('help-center.open-label')}
            aria-expanded={isOpen}
            data-state={helpCentre.state}
            loading={helpCentre.state === 'loading' && !helpCentre.src}
            onClick={() => {
              if (isOpen) helpCentre.close();
              else if (isSmall) onOpenPage();
              else helpCentre.open();
            }}
            style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
          >
            {isOpen ? <IconX size={26} /> : <IconHelp size={28} />}
          </ActionIcon>
        </Tooltip>
      </Affix>
    </>
  );
}

/** spec §2 /helpcenter/{vendorID}: the help centre as a full page (small screens). */
export function HelpCentrePage({ context, onClose }: { context: HelpCentreContext; onClose: () => void }) {
  const helpCentre = useHelpCentre(context, true);
  return <HelpCentrePanel helpCentre={helpCentre} onClose={onClose} fullPage />;
}
