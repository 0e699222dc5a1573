import type { BulkJobCreateBody, BulkJobDetailQuery } from '@riderdesk/domain/contracts/bulk';
import type { Db } from '../../db/db.ts';
import type { JobContext } from '../../infra/jobs/job-queue.ts';
import type { Caller } from '../../plugins/auth.ts';
import { type BulkDeps, bulkContext, type PlacementRequest } from './deps.ts';
import { detail, history, resultsFile, template } from './workflows/jobs.ts';
import { place, requestPlacement } from './workflows/place.ts';
import { create } from './workflows/upload.ts';

export type { BulkDeps, PlacementRequest } from './deps.ts';
export type BulkService = ReturnType<typeof bulkService>;

/**
 * Bulk orders (decision 050), as the routes and the placement job call them. Each workflow is a file of
 * `workflows/` on the same context (decision 146): the upload (file, rows checked like single orders), the
 * jobs (template, history, detail, results file) and placement.
 */
export function bulkService(deps: BulkDeps) {
  const context = bulkContext(deps);
  return {
    /** spec §7 GET /bulk-job/example-file. */
    template: (language: string | undefined, caller: Caller) => template(context, language, caller),
    /** spec §7 POST /bulk-job/create. */
    create: (caller: Caller, body: BulkJobCreateBody) => create(context, caller, body),
    /** spec §7 GET /bulk-job/detail/{vendorId}/{jobId}. */
    detail: (caller: Caller, vendorId: string, jobId: string, query: BulkJobDetailQuery) =>
      detail(context, caller, vendorId, jobId, query),
    resultsFile: (caller: Caller, vendorId: string, jobId: string, language: string | undefined) =>
      resultsFile(context, caller, vendorId, jobId, language),
    /** spec §7 GET /bulk-job/all/{vendorId}. */
    history: (caller: Caller, vendorId: string) => history(context, caller, vendorId),
    /** spec §7 POST /bulk-job/place-orders/{jobId}. */
    requestPlacement: (
      caller: Caller,
      jobId: string,
      enqueue: (request: PlacementRequest, tx: Db) => Promise<unknown>,
    ) => requestPlacement(context, caller, jobId, enqueue),
    /** The placement job. */
    place: (request: PlacementRequest, job: Pick<JobContext, 'progress' | 'signal'>) => place(context, request, job),
  };
}
