import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { bulkRoutes } from './routes.ts';
import type { BulkService, PlacementRequest } from './service.ts';

export const BULK_PLACEMENT_QUEUE = 'bulk-placement';

const CallerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string(), sessionId: z.string() }),
  z.object({ kind: z.literal('godroid'), vendorId: z.string() }),
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
export const bulkPlugin: FastifyPluginAsync<{ services: { bulk: BulkService } }> = async (app, { services }) => {
  const placement = app.jobs.register<PlacementRequest, PlacementRequest>(
    BULK_PLACEMENT_QUEUE,
    PlacementRequestSchema,
    (request, job) => services.bulk.place(request, job),
    // A lease long enough for 30 000 rows; a crashed worker's job is taken up again once it lapses.
    { retryLimit: 20, retryDelaySeconds: 2, retryBackoff: true, expireInSeconds: 1800, concurrency: 1 },
  );
  await app.register(bulkRoutes, { bulk: services.bulk, placement });
};
