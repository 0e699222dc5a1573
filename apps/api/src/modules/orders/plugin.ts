import type { FastifyPluginAsync } from 'fastify';
import type { OrderCancelService } from './cancel-service.ts';
import { orderExportRoutes } from './export-routes.ts';
import type { OrderExportService } from './export-service.ts';
import { orderListRoutes } from './list-routes.ts';
import type { OrderListService } from './list-service.ts';
import { orderRoutes } from './routes.ts';
import type { OrderService } from './service.ts';

/** Orders: create (idempotent), read, edit, cancel, the list and search, and the proof photos. */
export const ordersPlugin: FastifyPluginAsync<{
  services: {
    orders: OrderService;
    orderList: OrderListService;
    orderCancel: OrderCancelService;
    orderExport: OrderExportService;
  };
}> = async (app, { services }) => {
  await app.register(orderRoutes, { orders: services.orders });
  await app.register(orderListRoutes, {
    orders: services.orders,
    list: services.orderList,
    cancel: services.orderCancel,
  });
  await app.register(orderExportRoutes, { exports: services.orderExport });
};
