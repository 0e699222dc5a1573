import { ActionIcon, Affix, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHelp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type HelpCentreContext, useHelpCentre } from '../hooks/use-help-centre.ts';
import { HelpCentrePanel } from './help-centre-panel.tsx';

const HELP_BUTTON_SIZE = 56;
const HELP_BUTTON_MARGIN = 24;
/** Under Mantine's drawers and modals (200), so an open drawer's amounts and pickers are never covered. */
const HELP_BUTTON_Z = 190;
/** The space a page keeps free at its end on wide screens, so its last content scrolls clear of the button. */
export const HELP_BUTTON_SPACE = HELP_BUTTON_SIZE + 2 * HELP_BUTTON_MARGIN;

/**
 * spec §2: the floating round help button, on wide screens only, at the inline end (bottom right in English,
 * bottom left in Urdu, beside the panel it opens). It never covers the page: the page keeps `HELP_BUTTON_SPACE`
 * free at its end, and drawers and dialogs lie above it. On small screens the header's help link opens the help
 * centre as a full page (/helpcenter/{vendorID}) instead.
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
      {/* Mantine's `right` is the inline end. */}
      <Affix
        position={{ bottom: HELP_BUTTON_MARGIN, right: HELP_BUTTON_MARGIN }}
        zIndex={HELP_BUTTON_Z}
        visibleFrom="sm"
      >
        <Tooltip label={isOpen ? t('help-center.close') : t('help-center.open-label')} position="left">
          <ActionIcon
            size={HELP_BUTTON_SIZE}
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
