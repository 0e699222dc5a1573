import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../shared/notify.ts';

/** The e-mailed verification link lands on /?verified=1 or /?verified=0; say what happened, once. */
export function useVerificationNotice(): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified');
  useEffect(() => {
    if (verified !== '1' && verified !== '0') return;
    if (verified === '1') notify({ message: t('register.verified.success'), tone: 'success' });
    else notify({ message: t('register.verified.failure'), tone: 'error' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('verified');
        return next;
      },
      { replace: true },
    );
  }, [verified, setParams, t]);
}
