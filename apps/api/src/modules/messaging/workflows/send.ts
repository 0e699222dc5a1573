import { TZDate } from '@date-fns/tz';
import { isStillCurrent, type MessageKind, quietHoursEnd } from '@riderdesk/domain/messaging/customer-messages';
import type { SendOutcome } from '../channels/channel.ts';
import { type MessagingDeps, SEND_RETRY_LIMIT } from '../deps.ts';
import { outgoingMessage, valuesOf } from '../render.ts';
import * as repo from '../repo.ts';

const URGENT_KINDS: readonly MessageKind[] = ['cash_confirmation'];

/** The day a message counts against the daily cap: the calendar day in the country's zone (YYYY-MM-DD). */
export function capDay(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

/** A send the provider refused and asked to be tried again: the job queue retries the job that threw it. */
export class RetryableRefusal extends Error {}

/**
 * One attempt at sending a recorded message (its job, decision 175). The claim, in one transaction under the
 * message's row lock, decides whether it goes at all: not when it was sent or settled already, not when the order
 * has moved past it (news of a stage it has left), not to a number that replied STOP, not during the outlet's
 * quiet hours (it waits for their end), not past the merchant's daily cap; otherwise it is marked `sending`.
 * The provider is called outside any transaction, and its answer recorded. A message found `sending` was handed
 * to the provider by an attempt that never recorded the answer (its process died): it may have gone, so it is
 * failed rather than sent twice.
 */
export async function sendMessage(
  deps: MessagingDeps,
  messageId: string,
  attempt: number,
  signal: AbortSignal,
): Promise<void> {
  const at = deps.clock();
  const claimed = await deps.db.transaction(async (tx) => {
    const message = await repo.lockMessage(tx, messageId);
    if (!message) return null;
    if (message.state === 'sending') {
      await repo.updateMessage(tx, message.id, {
        state: 'failed',
        error: 'the attempt that sent it stopped before recording the answer; not sent again',
        failed_at: at,
      });
      return null;
    }
    if (message.state !== 'queued') return null;
    const order = await deps.orders.inTransaction(tx, message.order_id);
    if (!order || !isStillCurrent(message.kind, order)) {
      await repo.updateMessage(tx, message.id, { state: 'skipped', skip_reason: 'stale' });
      return null;
    }
    const recipient = await repo.findRecipient(tx, message.merchant_id, message.recipient);
    if (recipient?.opted_out_at) {
      await repo.updateMessage(tx, message.id, { state: 'skipped', skip_reason: 'opted_out' });
      return null;
    }
    const adapter = deps.channels[message.channel];
    if (!adapter) {
      await repo.updateMessage(tx, message.id, { state: 'skipped', skip_reason: 'channel_off' });
      return null;
    }
    // The hours are read again: the merchant may have changed them while the message waited.
    const settings = await repo.findSettings(tx, message.vendor_id);
    const quietEnd = URGENT_KINDS.includes(message.kind)
      ? null
      : quietHoursEnd(settings?.quiet_hours ?? null, at, deps.timeZone);
    if (quietEnd) {
      await repo.updateMessage(tx, message.id, { not_before: quietEnd });
      await deps.sendQueue.send(
        { messageId: message.id },
        { key: `${message.id}:${quietEnd.toISOString()}`, startAfter: quietEnd, tx },
      );
      return null;
    }
    // Counted once per message, at its first hand-over: a retried refusal does not count again.
    if (
      message.attempts === 0 &&
      !(await repo.countAgainstCap(tx, message.merchant_id, capDay(at, deps.timeZone), deps.config.dailyCapPerMerchant))
    ) {
      await repo.updateMessage(tx, message.id, { state: 'skipped', skip_reason: 'daily_cap' });
      return null;
    }
    await repo.updateMessage(tx, message.id, {
      state: 'sending',
      provider: adapter.provider,
      attempts: message.attempts + 1,
      sending_at: at,
    });
    return { message, order, adapter };
  });
  if (!claimed) return;

  const { message, order, adapter } = claimed;
  const outgoing = await outgoingMessage(
    deps,
    message,
    valuesOf(deps, order, message.kind, message.language, message.created_at),
  );
  let outcome: SendOutcome;
  try {
    outcome = await adapter.send(outgoing, signal);
  } catch (error) {
    outcome = { kind: 'unknown', error: `the channel failed: ${(error as Error).message}` };
  }
  const settledAt = deps.clock();
  if (outcome.kind === 'accepted') {
    await repo.recordAccepted(deps.db, message.id, {
      state: outcome.state,
      providerMessageId: outcome.providerMessageId,
      at: settledAt,
    });
    return;
  }
  if (outcome.kind === 'refused' && outcome.isRetryable && attempt <= SEND_RETRY_LIMIT) {
    await repo.updateMessage(deps.db, message.id, { state: 'queued', error: outcome.error });
    throw new RetryableRefusal(outcome.error);
  }
  deps.log.warn({ messageId: message.id, provider: adapter.provider, error: outcome.error }, 'customer message failed');
  await repo.updateMessage(deps.db, message.id, {
    state: 'failed',
    error: outcome.kind === 'unknown' ? `${outcome.error}; not sent again` : outcome.error,
    failed_at: settledAt,
  });
}
