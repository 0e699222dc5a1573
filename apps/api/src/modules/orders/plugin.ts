import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { OrderCancelService } from './cancel-service.ts';
import { orderExportJobRoutes } from './export-job-routes.ts';
import { EXPORT_JOB_RETRIES, type ExportJobPayload, type OrderExportJobService } from './export-job-service.ts';
import { orderExportRoutes } from './export-routes.ts';
import type { OrderExportService } from './export-service.ts';
import { orderListRoutes } from './list-routes.ts';
import type { OrderListService } from './list-service.ts';
import { orderRoutes } from './routes.ts';
import type { OrderService } from './service.ts';
import { orderStatementRoutes } from './statement-routes.ts';
import type { OrderStatementService } from './statement-service.ts';

export const ORDER_EXPORT_QUEUE = 'order-export';
const ExportJobPayloadSchema: z.ZodType<ExportJobPayload, ExportJobPayload> = z.object({ export_id: z.uuid() });

/** Orders: create (idempotent), read, edit, cancel, the list and search, and the proof photos. */
export const ordersPlugin: FastifyPluginAsync<{
  services: {
    orders: OrderService;
    orderList: OrderListService;
    orderCancel: OrderCancelService;
    orderExport: OrderExportService;
    orderExportJobs: OrderExportJobService;
    orderStatements: OrderStatementService;
  };
}> = async (app, { services }) => {
  await app.register(orderRoutes, { orders: services.orders });
  await app.register(orderListRoutes, {
    orders: services.orders,
    list: services.orderList,
    cancel: services.orderCancel,
  });
  await app.register(orderExportRoutes, { exports: services.orderExport });
  // E-mailed exports on the shared queue (decision 029): a 100 000-row file takes seconds, well inside the
  // lease; a failed attempt is retried from the start (the file is written whole or not at all).
  const queue = app.jobs.register<ExportJobPayload, ExportJobPayload>(
    ORDER_EXPORT_QUEUE,
    ExportJobPayloadSchema,
    (payload, job) => services.orderExportJobs.run(payload, job),
    { retryLimit: EXPORT_JOB_RETRIES, retryDelaySeconds: 30, expireInSeconds: 600, concurrency: 1 },
  );
  await app.register(orderExportJobRoutes, { exportJobs: services.orderExportJobs, queue });
  await app.register(orderStatementRoutes, { statements: services.orderStatements });
};
