import { FLAG_DEFAULTS, FlagsQuerySchema, FlagVariationsSchema } from '@riderdesk/domain/contracts/flags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FlagService } from './service.ts';

export const flagRoutes: FastifyPluginAsyncZod<{ flags: FlagService }> = async (app, { flags }) => {
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
    { schema: { tags: ['flags'], querystring: FlagsQuerySchema, response: { 200: FlagVariationsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { variations: await flags.variations() };
    },
  );
};
