import { BULK_FILE_MIME_TYPE } from '@riderdesk/domain/constants';
import {
  BULK_CONTENT_MAX_CHARACTERS,
  BulkJobCreateBodySchema,
  BulkJobDetailAnswerSchema,
  BulkJobDetailParamsSchema,
  BulkJobDetailQuerySchema,
  BulkJobListAnswerSchema,
  BulkJobParamsSchema,
  BulkPlaceOrdersAnswerSchema,
  BulkTemplateQuerySchema,
  BulkVendorParamsSchema,
} from '@riderdesk/domain/contracts/bulk';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyedError } from '../../errors.ts';
import type { JobType } from '../../infra/jobs/job-queue.ts';
import { CALLER_SECURITY, requireMerchantOrPartner } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { requireFlagOnEveryRoute } from '../../plugins/flag-guard.ts';
import type { BulkService, PlacementRequest } from './service.ts';

// The file's base64 plus room for the JSON around it and a file name.
const CREATE_BODY_LIMIT = BULK_CONTENT_MAX_CHARACTERS + 8192;

export const bulkRoutes: FastifyPluginAsyncZod<{
  bulk: BulkService;
  placement: JobType<PlacementRequest>;
}> = async (app, { bulk, placement }) => {
  // spec §6: with BulkOrderUpload off, every bulk call is refused, not only the button hidden.
  requireFlagOnEveryRoute(app, 'BulkOrderUpload');
  const tags = ['bulk'];
  const security = CALLER_SECURITY;

  // A body past the limit is the spec §8 "over 5 MB", with its key, not Fastify's bare 413.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw keyedError(413, 'FileTooLarge', 'bulk.error.too-large', 'content');
    throw error;
  });

  app.get(
    '/bulk-job/example-file',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: 'The bulk template (XLSX) named Template, headers in `language` (the country default otherwise).',
        querystring: BulkTemplateQuerySchema,
        response: { 200: z.any(), ...errorAnswers(400, 401) },
      },
    },
    async (request, reply) => {
      const file = await bulk.template(request.query.language, requireMerchantOrPartner(request));
      return reply
        .header('content-type', BULK_FILE_MIME_TYPE)
        .header('content-disposition', 'attachment; filename="Template.xlsx"')
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/bulk-job/create',
    {
      // onRequest: the caller is known before megabytes of body are read.
      onRequest: app.authenticate,
      bodyLimit: CREATE_BODY_LIMIT,
      schema: {
        tags,
        security,
        description:
          'Uploads a bulk file (base64 XLSX, or CSV with a .csv file_name), at most 5 242 880 bytes. The file is checked (size, zip signature, workbook parts, decompressed sizes) before it is parsed in a worker thread; every row is checked like a single order.',
        body: BulkJobCreateBodySchema,
        response: { 200: BulkJobDetailAnswerSchema, ...errorAnswers(400, 401, 403, 413) },
      },
    },
    async (request) => ({
      code: 200 as const,
      body: await bulk.create(requireMerchantOrPartner(request), request.body),
    }),
  );

  app.get(
    '/bulk-job/all/:vendorId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        params: BulkVendorParamsSchema,
        response: { 200: BulkJobListAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => ({
      code: 200 as const,
      body: await bulk.history(requireMerchantOrPartner(request), request.params.vendorId),
    }),
  );

  app.get(
    '/bulk-job/detail/:vendorId/:jobId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          "The job and one page of its rows in sheet order: `after_row` is the previous page's `next_after_row`, `limit` at most 500 (50 by default), `only_errors=true` keeps the rows with a problem. The whole job is the results file.",
        params: BulkJobDetailParamsSchema,
        querystring: BulkJobDetailQuerySchema,
        response: { 200: BulkJobDetailAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      code: 200 as const,
      body: await bulk.detail(
        requireMerchantOrPartner(request),
        request.params.vendorId,
        request.params.jobId,
        request.query,
      ),
    }),
  );

  app.get(
    '/bulk-job/results-file/:vendorId/:jobId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: 'The uploaded rows with a status, problem and order id column (XLSX), in `language`.',
        params: BulkJobDetailParamsSchema,
        querystring: BulkTemplateQuerySchema,
        response: { 200: z.any(), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { vendorId, jobId } = request.params;
      const file = await bulk.resultsFile(requireMerchantOrPartner(request), vendorId, jobId, request.query.language);
      return reply
        .header('content-type', BULK_FILE_MIME_TYPE)
        .header('content-disposition', `attachment; filename="Results-${jobId.slice(0, 8)}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/bulk-job/place-orders/:jobId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          "Places the job's valid rows, once: repeated calls answer the job as it stands. Placement runs on the job queue; follow it with the job detail.",
        params: BulkJobParamsSchema,
        response: { 200: BulkPlaceOrdersAnswerSchema, ...errorAnswers(401, 404, 409) },
      },
    },
    async (request) => {
      const job = await bulk.requestPlacement(requireMerchantOrPartner(request), request.params.jobId, (payload, tx) =>
        placement.send(payload, { key: payload.bulk_job_id, tx }),
      );
      return { code: 200 as const, body: { bulk_job: job } };
    },
  );
};
