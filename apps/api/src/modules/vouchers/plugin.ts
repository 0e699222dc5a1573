import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import type { FastifyPluginAsync } from 'fastify';
import { consoleVoucherRoutes } from './console-routes.ts';
import type { ConsoleVoucherService } from './console-service.ts';
import { voucherRoutes } from './routes.ts';
import type { VoucherService } from './service.ts';

/** Voucher details and the discounted, signed fee of a voucher; the console's Vouchers page. */
export const vouchersPlugin: FastifyPluginAsync<{
  services: { vouchers: VoucherService; consoleVouchers: ConsoleVoucherService };
}> = async (app, { services }) => {
  await app.register(voucherRoutes, { vouchers: services.vouchers });
  await app.register(consoleVoucherRoutes, { prefix: CONSOLE_API_PREFIX, vouchers: services.consoleVouchers });
};
