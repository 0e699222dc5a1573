import { WelcomeAnswerSchema } from '@riderdesk/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { welcomeKeys } from './get-welcome.ts';

export async function markWelcomeSeen() {
  return (await api.put(`${API_BASE}/me/welcome`, {}, { schema: WelcomeAnswerSchema })).result;
}

/** Remembers the walkthrough as seen for this user, on every device they use. */
export function useMarkWelcomeSeen(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWelcomeSeen,
    // At once: the walkthrough does not come back while the call is under way.
    onMutate: () => queryClient.setQueryData(welcomeKeys.user(email), { seen: true }),
  });
}
