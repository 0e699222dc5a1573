import type { WebhookDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** The sweep runs once per slot of this length (orphan-sweep.ts). */
export const SWEEP_EVERY_MS = 60_000;
/** A delivery due for longer than this and still unsent, with no job to send it, is an orphan. */
export const SWEEP_GRACE_MS = 60_000;
/** Deliveries looked at per sweep; the oldest first, the rest at the next sweep. */
const SWEEP_BATCH = 500;

/**
 * The `webhooks.sweep` job (decision 168): queues a job for every delivery that should have one and has none.
 * The settling of an event reads the next one of its order at its own snapshot, so a later event committed in
 * the microseconds before that settling locks its row is left pending, its own job having found the earlier
 * one still being sent; a worker that claimed the next event of an order and died leaves it claimed with no
 * job. Nothing is lost either way: it is sent within a sweep or two. A delivery swept twice, or whose job
 * appears meanwhile, is only tried again by the claim, which sends it once. Answers how many were queued.
 */
export async function sweepOrphans(deps: WebhookDeps): Promise<number> {
  const now = deps.clock();
  const candidates = await repo.orphanCandidates(deps.db, new Date(now.getTime() - SWEEP_GRACE_MS), now, SWEEP_BATCH);
  const orphans = await deps.deliverQueue.withoutLiveJob('deliveryId', candidates);
  const sweep = Math.floor(now.getTime() / SWEEP_EVERY_MS);
  for (const deliveryId of orphans) {
    await deps.deliverQueue.send({ deliveryId }, { key: `${deliveryId}:swept:${sweep}` });
  }
  return orphans.length;
}
