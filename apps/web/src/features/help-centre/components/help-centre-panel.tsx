import { Alert, Anchor, Box, Button, Center, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { useHelpCentre } from '../hooks/use-help-centre.ts';

type HelpCentre = ReturnType<typeof useHelpCentre>;

/** The embedded frame with its close button; a spinner while it loads (spec §2). */
export function HelpCentrePanel({
  helpCentre,
  onClose,
  fullPage = false,
}: {
  helpCentre: HelpCentre;
  onClose: () => void;
  fullPage?: boolean;
}) {
  const { t } = useTranslation();
  const { state, src } = helpCentre;
  return (
    <Paper
      shadow={fullPage ? undefined : 'xl'}
      radius={fullPage ? 0 : 'lg'}
      withBorder={!fullPage}
      role="dialog"
      aria-label={t('help-center.title')}
      data-state={state}
      style={
        fullPage
          ? { height: 'calc(100dvh - 64px)', display: 'flex', flexDirection: 'column' }
          : {
              position: 'fixed',
              insetInlineEnd: 24,
              bottom: 96,
              width: 400,
              height: 'min(640px, calc(100dvh - 140px))',
              zIndex: 300,
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
            }
      }
    >
      <Group
        justify="space-between"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text fw={700}>{t('help-center.title')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={paths.faq()} fz="sm" onClick={onClose}>
            {t('faq.title')}
          </Anchor>
          <CloseButton onClick={onClose} aria-label={t('help-center.close')} />
        </Group>
      </Group>
      <Box style={{ flex: 1, position: 'relative' }}>
        {state === 'failed' ? (
          <Stack p="md">
            <Alert color="red">{t('help-center.failed')}</Alert>
            <Button variant="light" onClick={helpCentre.retry}>
              {t('help-center.retry')}
            </Button>
          </Stack>
        ) : (
          <>
            {state === 'loading' && (
              <Center pos="absolute" inset={0} role="status" aria-label={t('help-center.loading')}>
                <Loader />
              </Center>
            )}
            {src && (
              <iframe
                ref={helpCentre.frameRef}
                src={src}
                title={t('help-center.title')}
                onLoad={helpCentre.onFrameLoad}
                style={{
                  border: 0,
                  width: '100%',
                  height: '100%',
                  visibility: state === 'open' ? 'visible' : 'hidden',
                }}
              />
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}
