import {
  ConsoleChallengeSchema,
  type ConsoleCodeBody,
  ConsoleSessionSchema,
} from '@riderdesk/domain/contracts/console-sign-in';
import { useMutation } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';

/** POST /console/sign-in: the password step; answers what the second step asks for. Not retried: a failure counts. */
export function signIn(body: { email_address: string; password: string }) {
  return consoleApi.post(`${CONSOLE_API}/sign-in`, body, { schema: ConsoleChallengeSchema, retries: 0 });
}

export const useSignIn = () => useMutation({ mutationFn: signIn });

/** POST /console/sign-in/code: a code of the app, or a recovery code; answers the session. */
export function signInWithCode(body: ConsoleCodeBody) {
  return consoleApi.post(`${CONSOLE_API}/sign-in/code`, body, { schema: ConsoleSessionSchema, retries: 0 });
}

export const useSignInWithCode = () => useMutation({ mutationFn: signInWithCode });
