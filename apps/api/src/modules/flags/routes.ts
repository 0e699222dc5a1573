import { FLAG_DEFAULTS, FlagsQuerySchema, FlagVariationsSchema } from '@riderdesk/domain/contracts/flags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { VendorService } from '../vendors/service.ts';
import type { FlagService } from './service.ts';

export const flagRoutes: FastifyPluginAsyncZod<{
  flags: FlagService;
  vendors: Pick<VendorService, 'assertCallerVendor'>;
}> = async (app, { flags, vendors }) => {
  app.get(
    '/fwfFallback.json',
    { schema: { tags: ['flags'], response: { 200: FlagVariationsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { variations: { ...FLAG_DEFAULTS } };
    },
  );

  app.get(
    '/api/v1/flags',
    {
      schema: {
        tags: ['flags'],
        description: "The flags of this country; with `vendor_id`, of that vendor too (the caller's own vendors only).",
        security: [{}, ...CALLER_SECURITY],
        querystring: FlagsQuerySchema,
        response: { 200: FlagVariationsSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => {
      const vendorId = request.query.vendor_id ?? null;
      if (vendorId) {
        // A vendor's flags are read by whoever works for it, never by probing ids.
        await app.authenticate(request);
        await vendors.assertCallerVendor(requireCaller(request), vendorId);
      }
      reply.header('cache-control', 'no-cache');
      if (vendorId) reply.header('vary', 'authorization');
      return { variations: await flags.variations({ vendorId }) };
    },
  );
};
