import { AUDIT_RETENTION_DAYS } from '@riderdesk/domain/merchant-api/limits';
import type { FastifyInstance } from 'fastify';
import { scheduleSlotJob } from '../../infra/jobs/slot-job.ts';
import type { MerchantApiService } from './service.ts';

export const AUDIT_RETENTION_QUEUE = 'merchant-api.audit-retention';
/** Once a day; each instance offers the day's job every hour (a restart loses at most that). */
export const AUDIT_RETENTION_EVERY_MS = 24 * 60 * 60_000;
export const AUDIT_RETENTION_CHECK_MS = 60 * 60_000;

/** The merchant API's calls are kept AUDIT_RETENTION_DAYS days: a daily job on the queue deletes older ones. */
export function scheduleAuditRetention(
  app: FastifyInstance,
  merchantApi: Pick<MerchantApiService, 'deleteOldCalls' | 'now'>,
) {
  return scheduleSlotJob(app, {
    queue: AUDIT_RETENTION_QUEUE,
    name: 'merchant API audit retention schedule',
    everyMs: AUDIT_RETENTION_EVERY_MS,
    checkMs: AUDIT_RETENTION_CHECK_MS,
    now: merchantApi.now,
    run: async () => {
      const deleted = await merchantApi.deleteOldCalls();
      if (deleted > 0) app.log.info({ deleted, days: AUDIT_RETENTION_DAYS }, 'old merchant API calls deleted');
    },
  });
}
