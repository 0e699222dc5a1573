import { OperatorListSchema } from '@riderdesk/domain/contracts/console-operators';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { operatorKeys } from './operator-keys.ts';

/** GET /console/operators (admins). */
export async function getOperators(signal?: AbortSignal) {
  return (await consoleApi.get(`${CONSOLE_API}/operators`, { schema: OperatorListSchema, signal })).operators;
}

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.all, queryFn: ({ signal }) => getOperators(signal) });

export const useOperators = () => useQuery(operatorsQueryOptions());
