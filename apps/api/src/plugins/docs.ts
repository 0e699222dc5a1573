import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Riderdesk API',
        description: 'Merchant portal API for on-demand delivery riders (spec §7).',
        version: '1',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'AccessToken, or "AccessToken|IdToken" as the browser sends it.',
          },
          godroid: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '"GoDroid {token}" for the embedded partner mode.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Served over plain http in development; upgrading would break the page there.
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?\s*/, ''),
    uiConfig: { deepLinking: true },
  });
}
