import { MeAnswerSchema } from '@riderdesk/domain/contracts/auth';
import { API_BASE, api } from '../../../shared/api/client.ts';

export async function getMe() {
  return (await api.get(`${API_BASE}/me`, { schema: MeAnswerSchema })).result;
}
