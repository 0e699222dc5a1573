import {
  type ConsoleRiderCreateBody,
  ConsoleRiderCreatedSchema,
  ConsoleRiderSchema,
} from '@riderdesk/domain/contracts/console-riders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { riderKeys } from './rider-keys.ts';

/** POST /console/riders: the token is answered once. Not retried: a repeat would be refused as a duplicate. */
export function createRider(body: ConsoleRiderCreateBody) {
  return consoleApi.post(`${CONSOLE_API}/riders`, body, { schema: ConsoleRiderCreatedSchema, retries: 0 });
}

/** POST /console/riders/{id}/deactivate */
export function deactivateRider(riderId: string) {
  return consoleApi.post(
    `${CONSOLE_API}/riders/${encodeURIComponent(riderId)}/deactivate`,
    {},
    {
      schema: ConsoleRiderSchema,
      retries: 0,
    },
  );
}

function useRiderMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: riderKeys.all }) });
}

export const useCreateRider = () => useRiderMutation(createRider);
export const useDeactivateRider = () => useRiderMutation(deactivateRider);
