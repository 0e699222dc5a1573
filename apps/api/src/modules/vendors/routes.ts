import { ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import {
  CountryParameterAnswerSchema,
  CountryParameterParamsSchema,
  VendorAnswerSchema,
  VendorParamsSchema,
  VendorsAnswerSchema,
} from '@riderdesk/domain/contracts/vendors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../plugins/auth.ts';
import type { VendorService } from './service.ts';

export const vendorRoutes: FastifyPluginAsyncZod<{ vendors: VendorService }> = async (app, { vendors }) => {
  const security: Record<string, string[]>[] = [{ bearer: [] }, { godroid: [] }];

  app.get(
    '/vendors',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['vendors'],
        security,
        response: { 200: VendorsAnswerSchema, 401: ApiErrorSchema },
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
        security,
        params: VendorParamsSchema,
        response: { 200: VendorAnswerSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
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
        security,
        params: CountryParameterParamsSchema,
        response: { 200: CountryParameterAnswerSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => ({ result: await vendors.countryParameter(request.params.name) }),
  );
};
