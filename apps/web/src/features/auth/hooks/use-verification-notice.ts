import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type VerificationOutcome = 'confirmed' | 'invalid';

/**
 * The e-mailed verification link lands on /?verified=1 or /?verified=0. The outcome stays on the page (a toast
 * goes unseen) while the parameter leaves the address, so a reload does not say it again.
 */
export function useVerificationNotice(): VerificationOutcome | null {
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified');
  const [outcome, setOutcome] = useState<VerificationOutcome | null>(null);
  useEffect(() => {
    if (verified !== '1' && verified !== '0') return;
    setOutcome(verified === '1' ? 'confirmed' : 'invalid');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('verified');
        return next;
      },
      { replace: true },
    );
  }, [verified, setParams]);
  return outcome;
}
