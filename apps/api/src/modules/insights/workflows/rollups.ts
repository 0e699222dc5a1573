import { isTerminal } from '@riderdesk/domain/order-lifecycle';
import type { Db } from '../../../db/db.ts';
import type { OrderRow } from '../../orders/model.ts';
import { type InsightsDeps, rollupLayout, rollupRules } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * The hook of every order step (lifecycle.onStep), in its transaction: an order that has just finished adds its
 * facts to the rollups. A finished order never changes status again, so it is added exactly once.
 */
export async function addIfFinished(deps: InsightsDeps, tx: Db, order: Pick<OrderRow, 'order_id' | 'status'>) {
  // A card payment that never succeeded is none of the merchant's orders (the read would find nothing to add).
  if (!isTerminal(order.status) || order.status === 'PAYMENT_FAILED') return;
  await repo.addFinishedOrders(tx, [order.order_id], rollupRules(deps.timeZone));
}

/** A guest's orders handed to the business it registers carry their rollups along, in the same transaction. */
export function moveVendor(tx: Db, fromVendorId: string, toVendorId: string): Promise<void> {
  return repo.moveRollups(tx, fromVendorId, toVendorId);
}

/** What rebuilding and checking need: the ops command has no more (ops/commands.ts). */
export type RollupDeps = Pick<InsightsDeps, 'db' | 'timeZone' | 'now'>;

export interface RebuildReport {
  vendors: number;
  orders: number;
}

/** Writes the rollups again from the orders, one vendor (and transaction) at a time: the repair command. */
export async function rebuild(deps: RollupDeps, vendorId?: string): Promise<RebuildReport> {
  const rules = rollupRules(deps.timeZone);
  const vendorIds = vendorId ? [vendorId] : await repo.vendorsWithOrders(deps.db);
  let orders = 0;
  for (const id of vendorIds) {
    orders += await deps.db.transaction((tx) => repo.rebuildVendors(tx, [id], rules));
  }
  if (!vendorId) await repo.saveRollupState(deps.db, deps.timeZone, rollupLayout(rules), deps.now());
  return { vendors: vendorIds.length, orders };
}

/** The vendors whose stored rollups differ from a full recomputation from their orders. */
export async function check(deps: RollupDeps, vendorId?: string): Promise<string[]> {
  const rules = rollupRules(deps.timeZone);
  const vendorIds = vendorId ? [vendorId] : await repo.vendorsWithOrders(deps.db);
  const differing: string[] = [];
  for (const id of vendorIds) {
    // One snapshot for both reads, so a step committing in between cannot show as a difference.
    const [stored, recomputed] = await deps.db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read');
      return [await repo.storedRollups(tx, [id]), await repo.recomputedRollups(tx, [id], rules)] as const;
    });
    if (JSON.stringify(stored) !== JSON.stringify(recomputed)) differing.push(id);
  }
  return differing;
}

/**
 * At start: rollups built with another zone, other buckets or never built (the first start after migration 157)
 * are built again. A database without orders only records the rules; one with orders is rebuilt in the
 * background, vendor by vendor, while the server serves (the page shows each vendor once it is done).
 */
export async function ensureBuilt(deps: InsightsDeps): Promise<{ rebuilding: Promise<RebuildReport> | null }> {
  const rules = rollupRules(deps.timeZone);
  const state = await repo.rollupState(deps.db);
  if (state && state.time_zone === deps.timeZone && state.layout === rollupLayout(rules)) return { rebuilding: null };
  if ((await repo.vendorsWithOrders(deps.db)).length === 0) {
    await repo.saveRollupState(deps.db, deps.timeZone, rollupLayout(rules), deps.now());
    return { rebuilding: null };
  }
  deps.log.info({ timeZone: deps.timeZone }, 'insights: building the rollups from the orders');
  const rebuilding = rebuild(deps).then((report) => {
    deps.log.info(report, 'insights: rollups built');
    return report;
  });
  return { rebuilding };
}
