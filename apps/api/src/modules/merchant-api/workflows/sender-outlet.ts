import { matchSenderOutlet, type SenderReference } from '@riderdesk/domain/merchant-api/sender-outlet';
import { MerchantApiError } from '../merchant-api-error.ts';
import type { ApiCaller } from './api-caller.ts';

/** What of pandago's Sender picks the outlet: its outlet reference, else its coordinates. */
export interface SenderFields {
  client_vendor_id?: string | null | undefined;
  location?: { latitude: number; longitude: number } | null | undefined;
}

/** The sender's reference (`client_vendor_id` wins when both are given, as pandago says), or null with neither. */
export function senderReferenceOf(sender: SenderFields | null | undefined): SenderReference | null {
  if (sender?.client_vendor_id) return { clientVendorId: sender.client_vendor_id };
  if (sender?.location) return { point: { lat: sender.location.latitude, lng: sender.location.longitude } };
  return null;
}

/**
 * The vendor id an order of the caller is sent from, among the outlets of the client's scope only (decision
 * 153); pandago's 404 or 422 answer when none (or more than one) fits.
 */
export function senderOutlet(caller: ApiCaller, sender: SenderFields | null | undefined): string {
  const reference = senderReferenceOf(sender);
  if (!reference) throw new MerchantApiError(400, 'Invalid request payload\n - sender is required');
  // The candidates came with the caller (one statement, or its cache: decision 161).
  const match = matchSenderOutlet(reference, caller.senders);
  if (!match.ok) throw new MerchantApiError(match.status, match.message);
  return match.vendorId;
}
