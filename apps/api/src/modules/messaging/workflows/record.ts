import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TRIGGER_SETTINGS,
  isMessageLanguage,
  type MessageKind,
  type MessageLanguage,
  quietHoursEnd,
  type SkipReason,
} from '@riderdesk/domain/messaging/customer-messages';
import type { Db } from '../../../db/db.ts';
import type { OrderRow } from '../../orders/model.ts';
import { type MessagingDeps, merchantOf } from '../deps.ts';
import { renderText, valuesOf } from '../render.ts';
import * as repo from '../repo.ts';

/** Kinds the outlet's quiet hours do not hold back: a request the customer must answer within minutes. */
const URGENT_KINDS: readonly MessageKind[] = ['cash_confirmation'];

/**
 * Records a message of an order and queues its sending, inside the transaction of the change that fires it
 * (`tx`): the message and its job exist exactly when the change committed, and the (order, kind) key records
 * it once whoever fires it again — a retried step, another instance, a restart (decision 175). A message that
 * cannot go (its channel is off, the customer has no address there, or replied STOP) is recorded as skipped,
 * so the merchant sees why. `force`: sent even when the outlet's trigger is off (the handover PIN, decision 175).
 * Answers the message's id, or null when nothing was recorded.
 */
export async function recordOrderMessage(
  deps: MessagingDeps,
  tx: Db,
  order: OrderRow,
  kind: MessageKind,
  at: Date,
  options: { force?: boolean } = {},
): Promise<string | null> {
  const settings = await repo.findSettings(tx, order.vendor_id);
  const triggers = settings?.triggers ?? DEFAULT_TRIGGER_SETTINGS;
  // The request to confirm a cash order goes the way the confirmation of the order would.
  const trigger = triggers[kind === 'cash_confirmation' ? 'order_confirmed' : kind];
  if (!trigger.enabled && !options.force) return null;
  const { channel } = trigger;
  const adapter = deps.channels[channel];
  const merchantId = merchantOf(order);
  const recipient = channel === 'email' ? (order.customer_email ?? null) : order.customer_phone;
  const chosen = recipient ? await repo.findRecipient(tx, merchantId, recipient) : null;
  const language: MessageLanguage =
    chosen?.language ??
    (order.customer_language && isMessageLanguage(order.customer_language) ? order.customer_language : null) ??
    settings?.language ??
    'en';
  const skip: SkipReason | null = !adapter
    ? 'channel_off'
    : !recipient
      ? 'no_address'
      : chosen?.opted_out_at
        ? 'opted_out'
        : null;
  const notBefore =
    skip || URGENT_KINDS.includes(kind) ? null : quietHoursEnd(settings?.quiet_hours ?? null, at, deps.timeZone);
  const id = randomUUID();
  const isNew = await repo.insertMessage(tx, {
    id,
    order_id: order.order_id,
    vendor_id: order.vendor_id,
    merchant_id: merchantId,
    kind,
    channel,
    provider: adapter?.provider ?? 'none',
    recipient: recipient ?? '',
    language,
    body: await renderText(deps, kind, language, valuesOf(deps, order, kind, language, at)),
    state: skip ? 'skipped' : 'queued',
    skip_reason: skip,
    not_before: notBefore,
    created_at: at,
  });
  if (!isNew) return null;
  if (!skip)
    await deps.sendQueue.send({ messageId: id }, { key: id, tx, ...(notBefore ? { startAfter: notBefore } : {}) });
  return id;
}
