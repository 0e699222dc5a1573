import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MERCHANT_API_BASE, TOKEN_PATH } from '@riderdesk/domain/merchant-api/credentials';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** The merchant API's own OpenAPI document (pandago's paths below MERCHANT_API_BASE), apart from the portal's. */
    merchantApiSwagger: FastifyInstance['swagger'];
  }
}

const isMerchantApiRoute = (url: string) => url.startsWith(`${MERCHANT_API_BASE}/`);

/** The portal's document leaves the merchant API out, and the merchant API's leaves the portal out. */
const portalTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  if (!isMerchantApiRoute(input.url)) return transformed;
  return { ...transformed, schema: { ...transformed.schema, hide: true } };
};

/** The merchant API's routes at pandago's paths: the base path is the document's server. */
const merchantApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  if (!isMerchantApiRoute(input.url)) return { ...transformed, schema: { ...transformed.schema, hide: true } };
  return { ...transformed, url: transformed.url.slice(MERCHANT_API_BASE.length) };
};

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
          console: {
            type: 'http',
            scheme: 'bearer',
            description: "An operator console session's token (POST /api/v1/console/sign-in/code).",
          },
        },
      },
    },
    transform: portalTransform,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Riderdesk merchant API',
        description:
          'The merchant API, compatible with the pandago API v1.1.0: orders, estimates, outlets, courier positions and proofs. See docs/merchant-api.md.',
        version: '1.1.0',
      },
      servers: [{ url: MERCHANT_API_BASE }],
      components: {
        securitySchemes: {
          clientCredentials: {
            type: 'oauth2',
            description:
              'OAuth 2.0 client credentials: a client_assertion JWT signed RS256 by the client’s key (RFC 7523), or the client secret.',
            flows: { clientCredentials: { tokenUrl: `${MERCHANT_API_BASE}${TOKEN_PATH}`, scopes: {} } },
          },
        },
      },
      security: [{ clientCredentials: [] }],
    },
    transform: merchantApiTransform,
    decorator: 'merchantApiSwagger',
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Served over plain http in development; upgrading would break the page there.
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?\s*/, ''),
    uiConfig: { deepLinking: true },
  });
}
