import { CONSOLE_FINANCE_API } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import { scheduleSlotJob } from '../../infra/jobs/slot-job.ts';
import { consoleFinanceRoutes, financeRoutes } from './routes.ts';
import type { LedgerService } from './service.ts';

export const LEDGER_CHECK_QUEUE = 'ledger.invariant-check';
export const SETTLEMENT_RUN_QUEUE = 'ledger.settlement-run';
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * The ledger's routes and its jobs on the shared queue (decision 029): the invariant check once a day, and the
 * settlement run every hour (each merchant is settled when its schedule has closed a period; a run that finds the
 * period settled writes nothing).
 */
export const ledgerPlugin: FastifyPluginAsync<{
  prefix: string;
  services: { ledger: LedgerService; now: () => Date };
}> = async (app, { services }) => {
  const { ledger, now } = services;
  await app.register(financeRoutes, { ledger });
  await app.register(consoleFinanceRoutes, { prefix: CONSOLE_FINANCE_API, ledger });
  scheduleSlotJob(app, {
    queue: LEDGER_CHECK_QUEUE,
    name: 'ledger invariant check schedule',
    everyMs: DAY_MS,
    checkMs: HOUR_MS,
    now,
    run: () => ledger.checkInvariants(),
  });
  scheduleSlotJob(app, {
    queue: SETTLEMENT_RUN_QUEUE,
    name: 'settlement run schedule',
    everyMs: HOUR_MS,
    checkMs: 5 * 60_000,
    now,
    run: async () => {
      const made = await ledger.runSettlements();
      if (made.length > 0) app.log.info({ settlements: made.length }, 'settlements made');
    },
  });
};
