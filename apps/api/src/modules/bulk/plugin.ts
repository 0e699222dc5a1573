import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { bulkRoutes } from './routes.ts';
import type { BulkService, PlacementRequest } from './service.ts';

export const BULK_PLACEMENT_QUEUE = 'bulk-placement';

const CallerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string(), sessionId: z.string() }),
  // A placement queued before partner callers carried their token's id is still read; as its token cannot be
  // checked, it places nothing (isCallerStillHonoured).
  z.object({ kind: z.literal('godroid'), vendorId: z.string(), tokenId: z.string().catch('') }),
]);
const PlacementRequestSchema: z.ZodType<PlacementRequest, PlacementRequest> = z.object({
  bulk_job_id: z.uuid(),
  caller: CallerSchema,
});

/**
 * Bulk orders (spec §2 bulk screens, §7 bulk-job calls): the template, the upload and its checks, the job
 * history and detail, and placement on the shared job queue (decision 029), retried until every row is
 * settled.
 */
export const bulkPlugin: FastifyPluginAsync<{
  services: { bulk: BulkService };
  config: { placementLeaseSeconds: number };
}> = async (app, { services, config }) => {
  const placement = app.jobs.register<PlacementRequest, PlacementRequest>(
    BULK_PLACEMENT_QUEUE,
    PlacementRequestSchema,
    (request, job) => services.bulk.place(request, job),
    // An attempt that outlives its lease is aborted and retried, and the next attempt resumes from the rows
    // still without an order (decision 053): a large file takes several attempts, and a crashed server's
    // placement is taken up again once its lease lapses.
    { retryLimit: 1000, retryDelaySeconds: 1, expireInSeconds: config.placementLeaseSeconds, concurrency: 1 },
  );
  await app.register(bulkRoutes, { bulk: services.bulk, placement });
};
