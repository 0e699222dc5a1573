import { API_BASE } from '../../../shared/api/client.ts';

/** Query keys of Settings → Customer messages; no other feature reads these. */
export const messageKeys = {
  settings: (vendorId: string) => ['customer-messages', 'settings', vendorId] as const,
  previews: (vendorId: string) => ['customer-messages', 'previews', vendorId] as const,
};

/** The portal's customer-message calls (contracts/customer-messages.ts). */
export const messagesPath = (call: 'settings' | 'preview', vendorId?: string) =>
  `${API_BASE}/customer-messages/${call}${vendorId ? `?${new URLSearchParams({ vendor_id: vendorId })}` : ''}`;
