import type { OrderMessage, OrderReply } from '@riderdesk/domain/contracts/customer-messages';
import { maskPhone } from '@riderdesk/domain/phone';
import { keyedError } from '../../../errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { MessagingDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const orderNotFound = () => keyedError(404, 'NotFound', 'error.order.not-found', 'orderId');

/** Numbers are masked as on the public pages (+92******4567); an e-mail address is the merchant's own data. */
const shownAddress = (channel: string, address: string) => (channel === 'email' ? address : maskPhone(address));

/**
 * A text as the merchant reads it: the handover PIN ("PIN 1234" in every language's text) hidden (decision 175), as every merchant screen hides it,
 * since riders read them at the counter. The customer's copy, as sent, keeps it.
 */
const withoutPin = (text: string, pin: string | null | undefined) =>
  pin ? text.replaceAll(`PIN ${pin}`, 'PIN ••••') : text;

/**
 * An order's messages, with the text as it was sent and the providers' receipts, and the customer's replies
 * (the order detail's "Customer messages"): for a caller who may see the vendor, of an order of that vendor.
 */
export async function messagesOfOrder(
  deps: MessagingDeps,
  caller: Caller,
  orderId: string,
  vendorId: string,
): Promise<{ messages: OrderMessage[]; replies: OrderReply[] }> {
  await deps.vendors.vendorOfCaller(caller, vendorId);
  const order = await deps.orders.ofVendor(orderId, vendorId);
  if (!order) throw orderNotFound();
  const [messages, replies] = await Promise.all([
    repo.messagesOfOrder(deps.db, order.order_id),
    repo.repliesOfOrder(deps.db, order.order_id),
  ]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    messages: messages.map((row) => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      to: row.recipient ? shownAddress(row.channel, row.recipient) : '',
      language: row.language,
      text: withoutPin(row.body, order.handover_pin),
      state: row.state,
      skip_reason: row.skip_reason,
      error: row.error,
      created_at: row.created_at.toISOString(),
      sent_at: iso(row.sent_at),
      delivered_at: iso(row.delivered_at),
      failed_at: iso(row.failed_at),
    })),
    replies: replies.map((row) => ({
      id: row.id,
      channel: row.channel,
      from: shownAddress(row.channel, row.sender),
      text: row.text,
      intent: row.intent,
      received_at: row.received_at.toISOString(),
    })),
  };
}
