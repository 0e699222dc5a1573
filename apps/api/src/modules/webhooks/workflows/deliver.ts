import { WEBHOOK_TEST_EVENT } from '@riderdesk/domain/webhook-events';
import { UnreadableSecret } from '../../../infra/secret-box.ts';
import { checkEndpointUrl, resolveDeliveryAddress } from '../address-policy.ts';
import type { WebhookDeps } from '../deps.ts';
import type { PostResult } from '../post.ts';
import { WEBHOOK_TIMEOUT_MS } from '../post.ts';
import * as repo from '../repo.ts';
import { signWebhook } from '../signing.ts';

// A claim outlives one attempt (its 5 s time-out) by far; a worker that died mid-attempt frees it then.
const CLAIM_MS = 6 * WEBHOOK_TIMEOUT_MS;

export class DeliveryInFlight extends Error {
  constructor(deliveryId: string) {
    super(`webhook delivery ${deliveryId} is being sent by another worker`);
  }
}

export type AttemptResult = 'not-its-turn' | 'delivered' | 'retry' | 'failed';

/**
 * Events of one order one job sends in a row (decision 168) before the next one goes through a job of its own:
 * each attempt may take up to its 5 s time-out, and the job's lease (60 s) must outlast them all.
 */
export const DELIVERY_CHAIN_LIMIT = 8;

/**
 * One attempt of one delivery: the job handler of the deliver queue. At least once: a worker that dies
 * between the POST and the settling leaves the claim to lapse and the job to be retried, so the receiver
 * may see an event twice (same event id). Ordered per order and endpoint: a delivery whose earlier sibling
 * is still pending is not attempted. Once delivered, the next event of the order to the endpoint is claimed
 * in the same statement and sent by this worker at once (decision 168), up to DELIVERY_CHAIN_LIMIT in a row;
 * its own job, if it runs meanwhile, finds it taken. Answers the outcome of the job's own delivery.
 */
export async function attemptDelivery(deps: WebhookDeps, deliveryId: string): Promise<AttemptResult> {
  const claimedAt = deps.clock();
  const claim = await repo.claimDelivery(deps.db, deliveryId, claimedAt, new Date(claimedAt.getTime() + CLAIM_MS));
  // Another worker holds a live claim: this job comes back later, after that attempt has settled, so a
  // claim whose worker dies is never left without a job to take it over.
  if (claim.kind === 'in-flight') throw new DeliveryInFlight(deliveryId);
  if (claim.kind === 'not-its-turn') return 'not-its-turn';
  let delivery = claim.delivery;
  let attemptClaimedAt = claimedAt;
  let result: AttemptResult | null = null;
  for (let sent = 1; ; sent++) {
    const outcome = await attempt(deps, delivery, attemptClaimedAt, sent < DELIVERY_CHAIN_LIMIT);
    result ??= outcome.result;
    if (!outcome.next) return result;
    delivery = outcome.next;
    attemptClaimedAt = deps.clock();
  }
}

/** Sends one claimed delivery and settles it; answers the next delivery of its order, claimed, when it may go. */
async function attempt(
  deps: WebhookDeps,
  delivery: repo.ClaimedDelivery,
  claimedAt: Date,
  mayClaimNext: boolean,
): Promise<{ result: AttemptResult; next: repo.ClaimedDelivery | null }> {
  const posted = await send(deps, delivery);
  const now = deps.clock();
  const isSuccess = posted.status !== null && posted.status >= 200 && posted.status < 300;
  const record = { status: posted.status, latencyMs: posted.latencyMs, error: posted.error };
  // The common case in one statement: delivered, and the next event of the order (if any) claimed to go now.
  if (isSuccess && mayClaimNext) {
    const { next } = await repo.settleDeliveredAndClaimNext(
      deps.db,
      delivery.id,
      record,
      now,
      new Date(now.getTime() + CLAIM_MS),
    );
    return { result: 'delivered', next };
  }
  const result = await deps.db.transaction(async (tx): Promise<AttemptResult> => {
    if (isSuccess) {
      const following = await repo.settleDeliveredAndNext(
        tx,
        { id: delivery.id, endpointId: delivery.endpoint_id, orderId: delivery.order_id },
        record,
        now,
      );
      // This worker has sent its share in a row: the next event of the order goes through a job of its own.
      if (following) {
        await deps.deliverQueue.send({ deliveryId: following }, { key: `${following}:after:${delivery.id}`, tx });
      }
      return 'delivered';
    }
    if (await repo.recordEndpointFailure(tx, delivery.endpoint_id, now, deps.disableAfterFailures)) {
      // This failure disabled the endpoint: its merchant is told, once for this disabling.
      const disabledAt = now.toISOString();
      await deps.noticeQueue.send(
        { endpointId: delivery.endpoint_id, disabledAt },
        { key: `${delivery.endpoint_id}:disabled:${disabledAt}`, tx },
      );
    }
    // A test event is sent when asked for, never tried again.
    const next =
      delivery.event_type === WEBHOOK_TEST_EVENT
        ? null
        : deps.nextAttempt({
            failedAttempts: delivery.attempts,
            firstAttemptAt: delivery.first_attempt_at ?? claimedAt,
            now,
          });
    if (next) {
      await repo.settleDelivery(tx, delivery.id, 'pending', record, now, next);
      await deps.deliverQueue.send(
        { deliveryId: delivery.id },
        { key: `${delivery.id}:retry:${delivery.attempts}`, startAfter: next, tx },
      );
      return 'retry';
    }
    await repo.settleDelivery(tx, delivery.id, 'failed', record, now, null);
    // This delivery has failed for good: the next event of the order to this endpoint may go.
    const following = await repo.nextInLine(tx, delivery.endpoint_id, delivery.order_id);
    if (following) {
      await deps.deliverQueue.send({ deliveryId: following }, { key: `${following}:after:${delivery.id}`, tx });
    }
    return 'failed';
  });
  return { result, next: null };
}

async function send(deps: WebhookDeps, delivery: repo.ClaimedDelivery): Promise<PostResult> {
  const url = checkEndpointUrl(delivery.url, deps.environment);
  if (!url.ok) return { status: null, latencyMs: null, error: `url refused: ${url.reason}` };
  // Checked at every attempt: the name may resolve elsewhere than when the endpoint was registered.
  const address = await resolveDeliveryAddress(url.value, deps.environment, deps.resolve);
  if (!address.ok) return { status: null, latencyMs: null, error: `address refused: ${address.reason}` };
  let secret: string;
  try {
    secret = deps.secrets.open(delivery.secret_sealed);
  } catch (error) {
    // A failed attempt like any other, not a job error that would leave the delivery claimed.
    if (error instanceof UnreadableSecret) return { status: null, latencyMs: null, error: 'secret unreadable' };
    throw error;
  }
  const headers = signWebhook({
    secret,
    eventId: delivery.event_id,
    body: delivery.body,
    now: deps.clock(),
  });
  return deps.post({ url: url.value, address: address.value, headers, body: delivery.body });
}
