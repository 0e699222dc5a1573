import type { FastifyPluginAsync } from 'fastify';
import { voucherRoutes } from './routes.ts';
import type { VoucherService } from './service.ts';

/** Voucher details and the discounted, signed fee of a voucher. */
export const vouchersPlugin: FastifyPluginAsync<{ services: { vouchers: VoucherService } }> = async (
  app,
  { services },
) => {
  await app.register(voucherRoutes, { vouchers: services.vouchers });
};
