import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Keeps a half-typed request from being dropped without the merchant knowing: leaving the page (another
 * branch, another tab, Back) while `hasUnsentWork` waits for a confirmation, and closing or reloading the
 * browser tab asks the browser's own question. A request that has just been sent leaves freely.
 */
export function useLeaveGuard(hasUnsentWork: boolean) {
  const unsent = useRef(hasUnsentWork);
  unsent.current = hasUnsentWork;
  const sent = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsent.current && !sent.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!hasUnsentWork) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (sent.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsentWork]);

  return {
    isAsking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    /** The request is on its way: the navigation that follows is not a loss. */
    markSent: () => {
      sent.current = true;
    },
  };
}
