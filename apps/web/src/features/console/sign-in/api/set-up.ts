import { ConsoleChallengeSchema, ConsoleSetUpInvitationSchema } from '@riderdesk/domain/contracts/console-sign-in';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';

/** POST /console/set-up/inspect: whom the link is for (a POST: the token stays out of every access log). */
export function inspectSetUp(token: string) {
  return consoleApi.post(
    `${CONSOLE_API}/set-up/inspect`,
    { token },
    { schema: ConsoleSetUpInvitationSchema, retries: 0 },
  );
}

export const useSetUpInvitation = (token: string) =>
  useQuery({
    queryKey: ['console', 'set-up', token],
    queryFn: () => inspectSetUp(token),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /console/set-up: the password chosen; answers the enrolment step. */
export function setUp(body: { token: string; password: string }) {
  return consoleApi.post(`${CONSOLE_API}/set-up`, body, { schema: ConsoleChallengeSchema, retries: 0 });
}

export const useSetUp = () => useMutation({ mutationFn: setUp });
