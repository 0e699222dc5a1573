import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Translate } from '../orders/export-format.ts';
import type { VendorService } from '../vendors/service.ts';

/** What the ledger's workflows are built on (decision 146). */
export interface LedgerDeps {
  db: Db;
  now: () => Date;
  currency: string;
  /** The country's zone: settlement periods and the days of the Finance chart are its days. */
  timeZone: string;
  log: FastifyBaseLogger;
  vendors: VendorService;
  /** Cash in hand (minor units) at or above which a rider is given no new cash order. */
  riderCashLimitMinor: number;
  /** The locale catalogues of the statements (the history export's). */
  texts: (language: string) => Promise<Translate>;
}
