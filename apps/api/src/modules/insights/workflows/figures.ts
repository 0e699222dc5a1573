import type { Insights, InsightsQuery } from '@riderdesk/domain/contracts/insights';
import { assembleInsights, type UnfinishedOrder } from '@riderdesk/domain/insights/assemble';
import { type DayPeriod, instantsOfPeriod, periodRefusal, previousPeriod } from '@riderdesk/domain/insights/figures';
import { isOrderStatus, orderBucket, type StatusHistoryEntry } from '@riderdesk/domain/order-status';
import { keyedError } from '../../../errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import { forbiddenVendor } from '../../vendors/vendor-access.ts';
import type { InsightsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * The vendor and, with `includeOutlets`, its outlets, as History scopes them (decision 045): the vendor must be
 * one of the caller's, and its outlets are those whose parent it is. The vendor comes first, then by name.
 */
async function outletsOf(deps: InsightsDeps, caller: Caller, vendorId: string, includeOutlets: boolean) {
  const vendors = await deps.vendors.listForCaller(caller);
  const vendor = vendors.find((candidate) => candidate.vendor_id === vendorId);
  if (!vendor) throw forbiddenVendor();
  const outlets = includeOutlets
    ? vendors
        .filter((candidate) => candidate.parent_vendor_id === vendorId && candidate.vendor_id !== vendorId)
        .sort((a, b) => a.name.localeCompare(b.name))
    : [];
  return [vendor, ...outlets].map((row) => ({ vendorId: row.vendor_id, name: row.name }));
}

/** GET /vendor/{vendorId}/insights: the period's figures beside the previous period's, from the rollups. */
export async function insightsOf(
  deps: InsightsDeps,
  caller: Caller,
  vendorId: string,
  query: InsightsQuery,
): Promise<Insights> {
  const { timeZone } = deps;
  const period: DayPeriod = { start: query.start, end: query.end };
  const refusal = periodRefusal(period, timeZone);
  if (refusal) throw keyedError(400, 'ValidationError', refusal, 'end');
  const outlets = await outletsOf(deps, caller, vendorId, query.include_outlets === true);
  const vendorIds = outlets.map((outlet) => outlet.vendorId);
  const previous = previousPeriod(period, timeZone);
  const bounds = { vendorIds, previousStart: previous.start, start: period.start, end: period.end };
  const [finished, durations, hours, unfinishedRows] = await Promise.all([
    repo.finishedRollups(deps.db, bounds),
    repo.durationRollups(deps.db, bounds),
    repo.hourRollups(deps.db, bounds),
    repo.unfinishedOrders(deps.db, {
      vendorIds,
      from: instantsOfPeriod(previous, timeZone).from,
      to: instantsOfPeriod(period, timeZone).to,
      timeZone,
    }),
  ]);
  const now = deps.now();
  const unfinished: UnfinishedOrder[] = unfinishedRows.map((row) => {
    // Only a DELAYED order's bucket depends on its history, and only on the statuses in it (spec §4).
    const history: StatusHistoryEntry[] = (row.history?.split(',') ?? [])
      .filter(isOrderStatus)
      .map((status) => ({ status, created_at: '' }));
    return {
      period: row.day >= period.start ? 'current' : 'previous',
      vendorId: row.vendor_id,
      day: row.day,
      weekday: row.weekday,
      hour: row.hour,
      bucket: orderBucket(
        {
          status: row.status,
          status_history: history,
          preordered_for: row.preordered_for ? row.preordered_for.getTime() / 1000 : null,
        },
        now,
      ),
    };
  });
  return assembleInsights({
    period,
    timeZone,
    currency: deps.currency,
    outlets,
    finished,
    durations,
    hours,
    unfinished,
  });
}
