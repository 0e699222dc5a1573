import { ConsoleMeSchema } from '@riderdesk/domain/contracts/console-sign-in';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';

/** GET /console/me: who the session is now (a new role ends it: the console then asks to sign in again). */
export function getMe(signal?: AbortSignal) {
  return consoleApi.get(`${CONSOLE_API}/me`, { schema: ConsoleMeSchema, signal });
}

export const useMe = () =>
  useQuery({ queryKey: ['console', 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });
