import { WelcomeAnswerSchema } from '@riderdesk/domain/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** One entry per signed-in user, so a second account in the same browser has its own answer. */
export const welcomeKeys = {
  user: (email: string) => ['welcome', email] as const,
};

export async function getWelcome() {
  return (await api.get(`${API_BASE}/me/welcome`, { schema: WelcomeAnswerSchema })).result;
}

/** Whether the signed-in user has been through the welcome walkthrough (kept on the server, decision 087). */
export function useWelcome(email: string | null) {
  return useQuery({
    queryKey: welcomeKeys.user(email ?? ''),
    queryFn: getWelcome,
    enabled: email !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
