import { API_BASE } from '../../../shared/api/client.ts';

/** The portal's webhook calls (contracts/webhooks.ts), each id one encoded segment. */
export const webhookPath = (...segments: string[]) =>
  [`${API_BASE}/webhooks/endpoints`, ...segments.map(encodeURIComponent)].join('/');
