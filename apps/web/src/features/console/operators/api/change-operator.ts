import type { OperatorRole } from '@riderdesk/domain/console/roles';
import { OperatorSchema } from '@riderdesk/domain/contracts/console-operators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { operatorKeys } from './operator-keys.ts';

const operatorPath = (operatorId: string, action: string) =>
  `${CONSOLE_API}/operators/${encodeURIComponent(operatorId)}/${action}`;

/** PUT /console/operators/{id}/role: the operator's sessions end; they sign in again with it. */
export function changeOperatorRole({ operatorId, role }: { operatorId: string; role: OperatorRole }) {
  return consoleApi.put(operatorPath(operatorId, 'role'), { role }, { schema: OperatorSchema });
}

/** POST /console/operators/{id}/deactivate: they can no longer sign in; their sessions end at once. */
export function deactivateOperator(operatorId: string) {
  return consoleApi.post(operatorPath(operatorId, 'deactivate'), {}, { schema: OperatorSchema });
}

/** POST /console/operators/{id}/invitation: a new set-up link by e-mail; the earlier one stops working. */
export function reinviteOperator(operatorId: string) {
  return consoleApi.post(operatorPath(operatorId, 'invitation'), {}, { schema: OperatorSchema, retries: 0 });
}

/** POST /console/operators/{id}/reset: their sessions end; a new set-up link goes to them by e-mail. */
export function resetOperator({ operatorId, what }: { operatorId: string; what: 'password' | 'two-factor' }) {
  return consoleApi.post(operatorPath(operatorId, 'reset'), { what }, { schema: OperatorSchema, retries: 0 });
}

function useOperatorMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}

export const useChangeOperatorRole = () => useOperatorMutation(changeOperatorRole);
export const useDeactivateOperator = () => useOperatorMutation(deactivateOperator);
export const useReinviteOperator = () => useOperatorMutation(reinviteOperator);
export const useResetOperator = () => useOperatorMutation(resetOperator);
