import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flagKeys } from '../../../shared/api/query-keys.ts';
import { liveConnection } from '../../../shared/live/live-store.ts';

// Apart from use-flags.ts: the live connection (and the contracts of its events) loads with the signed-in shell,
// never with the login page.

/**
 * A flag changed on the server (an operator turned maintenance on, decision 183): the live connection says so,
 * and the flags are read again at once, so an open page follows within seconds instead of at its next refresh.
 */
export function useRefreshFlagsOnLiveChange(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const off = liveConnection.onFlagsChanged(() => {
      void queryClient.invalidateQueries({ queryKey: flagKeys.all });
      void queryClient.invalidateQueries({ queryKey: flagKeys.vendors });
    });
    return () => {
      off();
    };
  }, [queryClient]);
}
