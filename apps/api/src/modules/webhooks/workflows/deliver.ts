import { checkEndpointUrl, resolveDeliveryAddress } from '../address-policy.ts';
import type { WebhookDeps } from '../deps.ts';
import type { PostResult } from '../post.ts';
import { WEBHOOK_TIMEOUT_MS } from '../post.ts';
import * as repo from '../repo.ts';
import { UnreadableSecret } from '../secret-box.ts';
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
 * One attempt of one delivery: the job handler of the deliver queue. At least once: a worker that dies
 * between the POST and the settling leaves the claim to lapse and the job to be retried, so the receiver
 * may see an event twice (same event id). Ordered per order and endpoint: a delivery whose earlier sibling
 * is still pending is not attempted; the sibling queues it when it settles.
 */
export async function attemptDelivery(deps: WebhookDeps, deliveryId: string): Promise<AttemptResult> {
  const claimedAt = deps.clock();
  const delivery = await repo.claimDelivery(deps.db, deliveryId, claimedAt, new Date(claimedAt.getTime() + CLAIM_MS));
  if (!delivery) {
    // Another worker holds a live claim: this job comes back later, after that attempt has settled, so a
    // claim whose worker dies is never left without a job to take it over.
    if (await repo.isClaimed(deps.db, deliveryId, claimedAt)) throw new DeliveryInFlight(deliveryId);
    return 'not-its-turn';
  }

  const outcome = await send(deps, delivery);
  const now = deps.clock();
  const isSuccess = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  return deps.db.transaction(async (tx) => {
    const record = { status: outcome.status, latencyMs: outcome.latencyMs, error: outcome.error };
    let result: AttemptResult;
    if (isSuccess) {
      await repo.settleDelivery(tx, delivery.id, 'delivered', record, now, null);
      await repo.recordEndpointSuccess(tx, delivery.endpoint_id, now);
      result = 'delivered';
    } else {
      await repo.recordEndpointFailure(tx, delivery.endpoint_id, now, deps.disableAfterFailures);
      const next = deps.nextAttempt({
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
      result = 'failed';
    }
    // This delivery is settled for good: the next event of the order to this endpoint may go.
    const following = await repo.nextInLine(tx, delivery.endpoint_id, delivery.order_id);
    if (following) {
      await deps.deliverQueue.send({ deliveryId: following }, { key: `${following}:after:${delivery.id}`, tx });
    }
    return result;
  });
}

async function send(
  deps: WebhookDeps,
  delivery: repo.DeliveryRow & { url: string; secret_sealed: string },
): Promise<PostResult> {
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
