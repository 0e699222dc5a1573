import { RegisterAnswerSchema, type RegisterBody } from '@riderdesk/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

export async function register(body: RegisterBody) {
  return (await api.post(`${API_BASE}/register`, body, { schema: RegisterAnswerSchema, skipRefresh: true })).result;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
