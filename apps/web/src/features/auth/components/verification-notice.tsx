import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VerificationOutcome } from '../hooks/use-verification-notice.ts';

/** What the e-mailed verification link did, above the login form it leads to. */
export function VerificationNotice({ outcome }: { outcome: VerificationOutcome }) {
  const { t } = useTranslation();
  const isConfirmed = outcome === 'confirmed';
  return (
    <Alert
      role={isConfirmed ? 'status' : 'alert'}
      color={isConfirmed ? 'teal' : 'red'}
      variant="light"
      mb="md"
      icon={isConfirmed ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
      title={t(isConfirmed ? 'register.verified.success-title' : 'register.verified.failure-title')}
    >
      {t(isConfirmed ? 'register.verified.success' : 'register.verified.failure')}
    </Alert>
  );
}
