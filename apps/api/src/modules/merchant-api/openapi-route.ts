import type { FastifyPluginAsync } from 'fastify';

/**
 * The merchant API's own OpenAPI document (decision 162), made from its routes' schemas like the portal's at
 * /docs/json, and public like it: integrators read it before they hold credentials.
 */
export const merchantApiOpenApiRoute: FastifyPluginAsync = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.merchantApiSwagger());
};
