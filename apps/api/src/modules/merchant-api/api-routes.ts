import {
  ApiOutletListSchema,
  MerchantApiErrorSchema,
  OAuthErrorSchema,
  TokenAnswerSchema,
  TokenRequestSchema,
} from '@riderdesk/domain/contracts/merchant-api';
import { TOKEN_PATH } from '@riderdesk/domain/merchant-api/credentials';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireApiCaller } from './guard.ts';
import type { MerchantApiService } from './service.ts';

/** The merchant API itself, mounted at MERCHANT_API_BASE (decision 151): pandago's paths and answers. */
export const merchantApiRoutes: FastifyPluginAsyncZod<{ merchantApi: MerchantApiService }> = async (
  app,
  { merchantApi },
) => {
  // RFC 6749 §4.4.2: the token request is form-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 6749 §5.2: a token request the server cannot read (a body that does not parse, a field past its
  // schema) is answered `invalid_request` in the RFC's shape; every other route keeps the API's answer.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (request.routeOptions.url?.endsWith(TOKEN_PATH) && status >= 400 && status < 500 && status !== 429) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: 'The token request could not be read.' });
    }
    throw error;
  });

  app.post(
    TOKEN_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['merchant-api'],
        body: TokenRequestSchema,
        response: { 200: TokenAnswerSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await merchantApi.issueToken(request.body);
      // RFC 6749 §5.1: token answers are never cached.
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (outcome.ok) return outcome.answer;
      return reply.code(outcome.status).send({ error: outcome.error, error_description: outcome.description });
    },
  );

  app.get(
    '/outletList',
    {
      preHandler: [app.requireApiClient],
      schema: {
        tags: ['merchant-api'],
        response: { 200: ApiOutletListSchema, 401: MerchantApiErrorSchema, 429: MerchantApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outlets = await merchantApi.outletList(requireApiCaller(request));
      // pandago: an outlet's client is answered 401 "This vendor is not a parent".
      if (outlets === null) return reply.code(401).send({ message: 'This vendor is not a parent' });
      return outlets;
    },
  );
};
