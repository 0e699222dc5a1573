import { type OperatorInviteBody, OperatorSchema } from '@riderdesk/domain/contracts/console-operators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { operatorKeys } from './operator-keys.ts';

/** POST /console/operators: the invitation is e-mailed. Not retried: a repeat would be refused as a duplicate. */
export function inviteOperator(body: OperatorInviteBody) {
  return consoleApi.post(`${CONSOLE_API}/operators`, body, { schema: OperatorSchema, retries: 0 });
}

export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteOperator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
