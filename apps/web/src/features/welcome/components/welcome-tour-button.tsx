import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WelcomeWalkthrough } from './welcome-walkthrough.tsx';

/** The walkthrough on demand, for a visitor of the landing page. */
export function WelcomeTourButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={() => setOpened(true)}>
        {t('tour.open')}
      </Button>
      <WelcomeWalkthrough opened={opened} onEnd={() => setOpened(false)} />
    </>
  );
}
