import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../shared/lazy/retry-import.ts';

// Fetched when asked for: the login page's own code stays small (bench/bundle-size.ts), and the walkthrough
// is shared with the signed-in shell, whose chunks the login page must not pull in.
const WelcomeWalkthrough = lazyWithRetry(
  () => import('./welcome-walkthrough.tsx'),
  (module) => module.WelcomeWalkthrough,
);

/** The walkthrough on demand, for a visitor of the landing page. */
export function WelcomeTourButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPlayerPlay size={16} />}
        onPointerEnter={WelcomeWalkthrough.preload}
        onFocus={WelcomeWalkthrough.preload}
        onClick={() => {
          setAsked(true);
          setOpened(true);
        }}
      >
        {t('tour.open')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <WelcomeWalkthrough opened={opened} onEnd={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
