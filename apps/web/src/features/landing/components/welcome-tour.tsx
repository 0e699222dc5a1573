import { Button, Group, Modal, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import { IconMapPin, IconMotorbike, IconPlayerPlay, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const SCREENS = [
  { key: 'request', icon: IconMotorbike },
  { key: 'track', icon: IconMapPin },
  { key: 'pay', icon: IconReceipt },
] as const;

/** spec §2: a welcome walkthrough of three screens with skip, next and start. */
export function WelcomeTour() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [step, setStep] = useState(0);
  const close = () => {
    setOpened(false);
    setStep(0);
  };
  const screen = SCREENS[step] ?? SCREENS[0];
  const Icon = screen.icon;
  const isLast = step === SCREENS.length - 1;
  return (
    <>
      <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={() => setOpened(true)}>
        {t('tour.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('tour.title')} centered radius="lg" size="md">
        <Stepper active={step} size="xs" mb="lg" allowNextStepsSelect={false}>
          {SCREENS.map((s) => (
            <Stepper.Step key={s.key} aria-label={t(`tour.${s.key}.title`)} />
          ))}
        </Stepper>
        <Stack align="center" ta="center" gap="sm" py="md">
          <ThemeIcon size={72} radius="xl" variant="light">
            <Icon size={38} />
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {t(`tour.${screen.key}.title`)}
          </Text>
          <Text c="dimmed" fz="sm" maw={340}>
            {t(`tour.${screen.key}.body`)}
          </Text>
        </Stack>
        <Group justify="space-between" mt="lg">
          <Button variant="subtle" color="gray" onClick={close}>
            {t('tour.skip')}
          </Button>
          {isLast ? (
            <Button onClick={close}>{t('tour.start')}</Button>
          ) : (
            <Button onClick={() => setStep((s) => s + 1)}>{t('tour.next')}</Button>
          )}
        </Group>
      </Modal>
    </>
  );
}
