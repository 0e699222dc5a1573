import { randomUUID } from 'node:crypto';
import { type MessageChannel, type ReplyIntent, replyIntent } from '@riderdesk/domain/messaging/customer-messages';
import type { MessagingDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** A customer's reply as a provider's webhook brings it. */
export interface InboundReply {
  provider: string;
  channel: MessageChannel;
  /** The provider's id of the reply: a webhook delivered twice records it once. */
  providerMessageId: string;
  /** The customer's number in E.164. */
  from: string;
  text: string;
  /** The provider's id of the message replied to, when the provider says (WhatsApp's context). */
  contextId: string | null;
}

/** What the messaging module asks of the orders' side when a customer confirms a cash order by replying 1. */
export type ConfirmByReply = (orderId: string) => Promise<boolean>;

/**
 * A reply, matched to the message it answers (the one it names, else the latest sent to that number on that
 * channel), recorded with that message's order, and acted on for that message's merchant: STOP stops every
 * later message of the merchant to the number, START undoes it, a language name switches the language, 1
 * confirms a cash order waiting for the customer (decision 175). A reply to no message of ours is recorded
 * with no order and does nothing.
 */
export async function receiveReply(
  deps: MessagingDeps,
  reply: InboundReply,
  confirm: ConfirmByReply | null,
): Promise<ReplyIntent['kind']> {
  const at = deps.clock();
  const message = await repo.messageRepliedTo(deps.db, {
    provider: reply.provider,
    channel: reply.channel,
    sender: reply.from,
    contextId: reply.contextId,
  });
  const intent = replyIntent(reply.text);
  const isNew = await repo.insertReply(deps.db, {
    id: randomUUID(),
    provider: reply.provider,
    provider_message_id: reply.providerMessageId,
    channel: reply.channel,
    sender: reply.from,
    text: reply.text.slice(0, 1600),
    intent: intent.kind,
    order_id: message?.order_id ?? null,
    merchant_id: message?.merchant_id ?? null,
    received_at: at,
  });
  if (!isNew || !message) return intent.kind;
  switch (intent.kind) {
    case 'stop':
      await repo.saveRecipient(deps.db, message.merchant_id, reply.from, { optedOutAt: at }, at);
      break;
    case 'start':
      await repo.saveRecipient(deps.db, message.merchant_id, reply.from, { optedOutAt: null }, at);
      break;
    case 'language':
      await repo.saveRecipient(deps.db, message.merchant_id, reply.from, { language: intent.language }, at);
      break;
    case 'confirm':
      if (confirm) await confirm(message.order_id);
      break;
    case 'other':
      break;
  }
  deps.log.info({ orderId: message.order_id, intent: intent.kind, channel: reply.channel }, 'customer replied');
  return intent.kind;
}
