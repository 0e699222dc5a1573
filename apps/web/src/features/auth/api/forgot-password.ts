import type { ForgotPasswordBody } from '@riderdesk/domain/contracts/auth';
import { OkResultSchema } from '@riderdesk/domain/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

export async function forgotPassword(body: ForgotPasswordBody) {
  return (await api.post(`${API_BASE}/password/forgot`, body, { schema: OkResultSchema, skipRefresh: true })).result;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
