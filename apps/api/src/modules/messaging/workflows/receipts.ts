import { MESSAGE_STATES, type MessageState } from '@riderdesk/domain/messaging/customer-messages';
import type { MessagingDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** A provider's delivery report, in our terms. */
export interface Receipt {
  provider: string;
  /** Our id, when the provider carries it back (Twilio's callback URL, WhatsApp's opaque data, the gateway). */
  messageId: string | null;
  providerMessageId: string | null;
  state: 'sent' | 'delivered' | 'failed';
  error: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A report moves a message on, never back: delivered and failed are final, sent follows only sending.
const EARLIER: Record<Receipt['state'], readonly MessageState[]> = {
  sent: ['sending'],
  delivered: ['sending', 'sent'],
  failed: ['sending', 'sent'],
};

/**
 * Applies a delivery receipt to the message it names (decision 175). Receipts come more than once and out of
 * order; one that would move the message back, or that names no message of that provider, changes nothing.
 * Answers whether the message changed.
 */
export async function applyReceipt(deps: MessagingDeps, receipt: Receipt): Promise<boolean> {
  const messageId = receipt.messageId && UUID.test(receipt.messageId) ? receipt.messageId : null;
  if (!messageId && !receipt.providerMessageId) return false;
  const changed = await repo.applyReport(deps.db, {
    provider: receipt.provider,
    messageId,
    providerMessageId: receipt.providerMessageId,
    state: receipt.state,
    error: receipt.state === 'failed' ? (receipt.error ?? 'failed') : null,
    at: deps.clock(),
    laterThan: EARLIER[receipt.state],
  });
  return changed !== null;
}

export const isMessageState = (value: string): value is MessageState =>
  (MESSAGE_STATES as readonly string[]).includes(value);
