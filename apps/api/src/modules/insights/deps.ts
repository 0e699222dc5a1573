import { DELIVERY_MINUTE_BOUNDS, PICKUP_WAIT_MINUTE_BOUNDS } from '@riderdesk/domain/insights/figures';
import { TERMINAL_STATUSES } from '@riderdesk/domain/order-lifecycle';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Translate } from '../orders/export-format.ts';
import type { VendorService } from '../vendors/service.ts';
import type { RollupRules } from './repo.ts';

/** What the insights workflows are built on (decision 146). */
export interface InsightsDeps {
  db: Db;
  vendors: VendorService;
  /** The country's zone: days and hours of the rollups are its days and hours. */
  timeZone: string;
  currency: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The locale catalogues of the exports (the history export's). */
  texts: (language: string) => Promise<Translate>;
}

/** The rules the rollups are computed with: the country's zone, and the domain's buckets and finished statuses. */
export const rollupRules = (timeZone: string): RollupRules => ({
  timeZone,
  finishedStatuses: TERMINAL_STATUSES,
  deliveryBounds: DELIVERY_MINUTE_BOUNDS,
  pickupWaitBounds: PICKUP_WAIT_MINUTE_BOUNDS,
});

/**
 * What else the rollups were built with, besides the zone: a change of the buckets or of the finished statuses
 * makes the server build them again at start (workflows/rollups.ts `ensureBuilt`).
 */
export const rollupLayout = (rules: RollupRules): string =>
  JSON.stringify([rules.finishedStatuses, rules.deliveryBounds, rules.pickupWaitBounds]);
