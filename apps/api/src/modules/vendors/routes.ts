import {
  CountryParameterAnswerSchema,
  CountryParameterParamsSchema,
  VendorAnswerSchema,
  VendorParamsSchema,
  VendorsAnswerSchema,
} from '@riderdesk/domain/contracts/vendors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { VendorService } from './service.ts';

export const vendorRoutes: FastifyPluginAsyncZod<{ vendors: VendorService }> = async (app, { vendors }) => {
  app.get(
    '/vendors',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['vendors'],
        security: CALLER_SECURITY,
        response: { 200: VendorsAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => ({ result: { vendors: await vendors.listForCaller(requireCaller(request)) } }),
  );

  app.get(
    '/vendor/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['vendors'],
        security: CALLER_SECURITY,
        params: VendorParamsSchema,
        response: { 200: VendorAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => ({ result: await vendors.getForCaller(requireCaller(request), request.params.id) }),
  );

  app.get(
    '/get-country-parameter/:name',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['vendors'],
        security: CALLER_SECURITY,
        params: CountryParameterParamsSchema,
        response: { 200: CountryParameterAnswerSchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => ({ result: await vendors.countryParameter(request.params.name) }),
  );
};
