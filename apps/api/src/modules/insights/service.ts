import type { InsightsExportQuery, InsightsQuery } from '@riderdesk/domain/contracts/insights';
import type { Db } from '../../db/db.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { OrderRow } from '../orders/model.ts';
import type { InsightsDeps } from './deps.ts';
import { exportChart } from './workflows/export.ts';
import { insightsOf } from './workflows/figures.ts';
import { addIfFinished, check, ensureBuilt, moveVendor, rebuild } from './workflows/rollups.ts';

export type InsightsService = ReturnType<typeof insightsService>;

/** Insights (issue 39, decision 172): figures from rollups kept by the order steps, their export, their repair. */
export function insightsService(deps: InsightsDeps) {
  return {
    figures: (caller: Caller, vendorId: string, query: InsightsQuery) => insightsOf(deps, caller, vendorId, query),
    export: (caller: Caller, vendorId: string, query: InsightsExportQuery) =>
      exportChart(deps, caller, vendorId, query),
    /** For lifecycle.onStep: the step's transaction, and the order as the step left it. */
    onStep: (tx: Db, order: OrderRow) => addIfFinished(deps, tx, order),
    moveVendor,
    rebuild: (vendorId?: string) => rebuild(deps, vendorId),
    check: (vendorId?: string) => check(deps, vendorId),
    ensureBuilt: () => ensureBuilt(deps),
  };
}
