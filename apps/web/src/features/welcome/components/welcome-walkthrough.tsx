import { Box, Button, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconMapPin, IconMotorbike, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';

const SCREENS = [
  { key: 'request', icon: IconMotorbike },
  { key: 'track', icon: IconMapPin },
  { key: 'pay', icon: IconReceipt },
] as const;

/** How the walkthrough was closed: skipped (the Skip button, Escape) or stepped through to Start. */
export type WalkthroughEnd = 'skipped' | 'completed';

/**
 * spec §2: the welcome walkthrough, three screens with skip, next and start. A dialog named by its title;
 * focus starts on Next, which stays the same button (Start on the last screen) so the keyboard never loses its
 * place; each screen's text is announced as it changes; Escape skips.
 */
export function WelcomeWalkthrough({ opened, onEnd }: { opened: boolean; onEnd: (how: WalkthroughEnd) => void }) {
  const { t } = useTranslation();
  const { brand } = useConfig();
  const [step, setStep] = useState(0);
  const screen = SCREENS[step] ?? SCREENS[0];
  const Icon = screen.icon;
  const isLast = step === SCREENS.length - 1;
  const end = (how: WalkthroughEnd) => {
    onEnd(how);
    setStep(0);
  };
  return (
    <Modal.Root
      opened={opened}
      onClose={() => end('skipped')}
      centered
      radius="lg"
      size={440}
      // Above the map's own controls (Leaflet uses z-index up to 1000).
      zIndex={1100}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Box
          aria-hidden
          h={168}
          style={{
            display: 'grid',
            placeItems: 'center',
            background:
              'radial-gradient(circle at 30% 20%, var(--mantine-primary-color-light) 0%, transparent 55%), linear-gradient(160deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 100%)',
          }}
        >
          <ThemeIcon size={96} radius={48} variant="filled" style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
            <Icon size={52} stroke={1.6} />
          </ThemeIcon>
        </Box>
        <Modal.Body p={{ base: 'lg', sm: 'xl' }} pt="lg">
          <Stack gap="xs">
            <Modal.Title>
              <Text component="span" fz="sm" fw={700} c="var(--mantine-primary-color-filled)">
                {t('tour.welcome', { service: brand.serviceName })}
              </Text>
            </Modal.Title>
            <Box aria-live="polite" aria-atomic="true" mih={118}>
              <Text fz="xs" c="dimmed" fw={600} mb={4}>
                {t('tour.progress', { step: step + 1, total: SCREENS.length })}
              </Text>
              <Title order={2} fz={22} mb={6}>
                {t(`tour.${screen.key}.title`)}
              </Title>
              <Text c="dimmed" fz="sm" lh={1.65}>
                {t(`tour.${screen.key}.body`)}
              </Text>
            </Box>
          </Stack>
          <Group justify="space-between" mt="lg" wrap="nowrap">
            <Group gap={6} aria-hidden>
              {SCREENS.map((s, index) => (
                <Box
                  key={s.key}
                  h={8}
                  w={index === step ? 24 : 8}
                  style={{
                    borderRadius: 4,
                    transition: 'width 150ms ease',
                    background:
                      index === step ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)',
                  }}
                />
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {!isLast && (
                <Button variant="subtle" color="gray" onClick={() => end('skipped')}>
                  {t('tour.skip')}
                </Button>
              )}
              <Button
                data-autofocus
                onClick={() => (isLast ? end('completed') : setStep((current) => current + 1))}
                rightSection={isLast ? null : <IconArrowRight size={16} className="flip-rtl" />}
              >
                {isLast ? t('tour.start') : t('tour.next')}
              </Button>
            </Group>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
