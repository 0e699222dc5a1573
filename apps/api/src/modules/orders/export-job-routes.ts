import {
  OrderExportJobAnswerSchema,
  OrderExportJobBodySchema,
  OrderExportJobListAnswerSchema,
  OrderExportJobParamsSchema,
  OrderExportLinkParamsSchema,
  OrderExportLinkQuerySchema,
  OrderListParamsSchema,
} from '@riderdesk/domain/contracts/order-list';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobType } from '../../infra/jobs/job-queue.ts';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { ExportDownload, ExportJobPayload, OrderExportJobService } from './export-job-service.ts';

// Starting an e-mailed export is rarer than downloading: a few a minute per client, besides the cap on
// requests still running (MAX_PENDING_EXPORTS_PER_USER).
const REQUESTS_PER_MINUTE = 5;
// The e-mailed link needs no session: guessing signatures is slowed per client address.
const LINK_OPENS_PER_MINUTE = 20;

const sendFile = (reply: FastifyReply, file: ExportDownload) =>
  reply
    .type(file.content_type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.file_name}"`)
    // Known before the first part is read, so the browser can show the download's progress.
    .header('content-length', file.file_bytes)
    .send(file.body);

export const orderExportJobRoutes: FastifyPluginAsyncZod<{
  exportJobs: OrderExportJobService;
  queue: JobType<ExportJobPayload>;
}> = async (app, { exportJobs, queue }) => {
  const tags = ['orders'];
  const security = CALLER_SECURITY;

  app.post(
    '/vendor/:vendorId/orders/export-jobs',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: REQUESTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        description:
          'Send by e-mail: a background job builds the file the history filters select and e-mails the caller a signed link valid for 7 days. Follow it with GET …/export-jobs/{exportId}.',
        params: OrderListParamsSchema,
        body: OrderExportJobBodySchema,
        response: { 200: OrderExportJobAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      result: {
        export_job: await exportJobs.request(
          requireCaller(request),
          request.params.vendorId,
          request.body,
          (payload, tx) => queue.send(payload, { key: payload.export_id, tx }),
        ),
      },
    }),
  );

  app.get(
    '/vendor/:vendorId/orders/export-jobs',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: "The caller's latest e-mailed exports of this vendor, newest first, with their progress.",
        params: OrderListParamsSchema,
        response: { 200: OrderExportJobListAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => ({
      result: { export_jobs: await exportJobs.list(requireCaller(request), request.params.vendorId) },
    }),
  );

  app.get(
    '/vendor/:vendorId/orders/export-jobs/:exportId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        params: OrderExportJobParamsSchema,
        response: { 200: OrderExportJobAnswerSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      const { vendorId, exportId } = request.params;
      return { result: { export_job: await exportJobs.get(requireCaller(request), vendorId, exportId) } };
    },
  );

  app.get(
    '/vendor/:vendorId/orders/export-jobs/:exportId/file',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: 'The file of a ready e-mailed export, for the signed-in merchant who asked for it.',
        params: OrderExportJobParamsSchema,
        response: { 200: z.any(), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { vendorId, exportId } = request.params;
      return sendFile(reply, await exportJobs.file(requireCaller(request), vendorId, exportId));
    },
  );

  app.get(
    '/order-exports/:exportId/file',
    {
      config: { rateLimit: { max: LINK_OPENS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        description:
          'The e-mailed link: the file while the link is signed and not expired (7 days), without a session.',
        params: OrderExportLinkParamsSchema,
        querystring: OrderExportLinkQuerySchema,
        response: { 200: z.any(), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => sendFile(reply, await exportJobs.fileByLink(request.params.exportId, request.query)),
  );
};
