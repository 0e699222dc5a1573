import type { Db } from '../../../db/db.ts';
import { AppError } from '../../../errors.ts';
import { transitionRefused } from '../../orders/lifecycle.ts';
import type { PaymentDeps } from '../deps.ts';
import { failPendingPayment } from '../fail-pending-payment.ts';
import type { WebhookEvent } from '../provider.ts';
import * as repo from '../repo.ts';
import { commitAuthorised } from './capture.ts';

export type WebhookResult = { status: 'applied' | 'duplicate' | 'ignored' };

/** The event was recorded by another delivery between our check and our step: the step is rolled back. */
class DuplicateEvent extends Error {}

/**
 * The provider's webhook: a signed, fresh call, applied once. An authorised payment is captured, the
 * order becomes PAYMENT_COMMITTED and then NEW (dispatched); a failed one ends PAYMENT_FAILED.
 */
export async function handleWebhook(
  deps: PaymentDeps,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<WebhookResult> {
  const { db, now, provider, orderRecords } = deps;
  let event: WebhookEvent;
  try {
    event = provider.verifyWebhook(headers, rawBody);
  } catch (error) {
    // The provider's own refusal says why; anything else it throws is a body it cannot read.
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'WebhookInvalid', 'WebhookInvalid');
  }
  if (await repo.hasWebhookEvent(db, provider.name, event.id)) return { status: 'duplicate' };
  if (event.type === 'other') {
    const isNew = await repo.recordWebhookEvent(db, provider.name, event.id, now());
    return { status: isNew ? 'ignored' : 'duplicate' };
  }
  const authorisation = await repo.findAuthorisationByRef(db, provider.name, event.paymentRef);
  // Not known yet: the confirm that made it has not committed; the provider delivers again.
  if (!authorisation) throw new AppError(409, 'PaymentUnknown', 'PaymentUnknown');
  const order = await orderRecords.find(authorisation.order_id);
  if (!order) throw new AppError(409, 'PaymentUnknown', 'PaymentUnknown');
  const recordOnce = async (tx: Db) => {
    if (!(await repo.recordWebhookEvent(tx, provider.name, event.id, now()))) throw new DuplicateEvent();
  };
  try {
    if (order.status !== 'PAYMENT_INITIATED') {
      await db.transaction(recordOnce);
      return { status: 'ignored' };
    }
    if (event.type === 'payment.failed') {
      const isFailed = await failPendingPayment(deps, order.order_id, {
        also: recordOnce,
        settle: [{ key: authorisation.idempotency_key, status: 'failed', code: event.code }],
      });
      // Decided meanwhile: refused like any step from a status that moved on; the next delivery is ignored.
      if (!isFailed) throw transitionRefused();
      return { status: 'applied' };
    }
    if (!(await commitAuthorised(deps, order.order_id, authorisation, event.paymentRef, recordOnce))) {
      // A capture of it is pending and cannot be confirmed yet: the processor delivers again later.
      throw new AppError(409, 'PaymentPending', 'PaymentPending');
    }
    return { status: 'applied' };
  } catch (error) {
    if (error instanceof DuplicateEvent) return { status: 'duplicate' };
    throw error;
  }
}
