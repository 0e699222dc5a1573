import type { ResetPasswordBody } from '@riderdesk/domain/contracts/auth';
import { OkResultSchema } from '@riderdesk/domain/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

export async function resetPassword(body: ResetPasswordBody) {
  return (await api.post(`${API_BASE}/password/reset`, body, { schema: OkResultSchema, skipRefresh: true })).result;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
