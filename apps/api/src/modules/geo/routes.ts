import { ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import {
  AddressBookAnswerSchema,
  AddressBookParamsSchema,
  AddressBookQuerySchema,
  AutocompleteAnswerSchema,
  AutocompleteQuerySchema,
  PlaceDetailsAnswerSchema,
  PlaceDetailsQuerySchema,
  ReverseAnswerSchema,
  ReverseQuerySchema,
} from '@riderdesk/domain/contracts/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCaller } from '../../plugins/auth.ts';
import type { GeoService } from './service.ts';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  const security: Record<string, string[]>[] = [{ bearer: [] }, { godroid: [] }];
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 502: ApiErrorSchema };

  app.get(
    '/geolocator/autocomplete',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['geo'],
        security,
        querystring: AutocompleteQuerySchema,
        response: { 200: AutocompleteAnswerSchema, ...errors },
      },
    },
    async (request) => ({ data: { data: await geo.autocomplete(request.query) } }),
  );

  app.get(
    '/geolocator/reverse',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['geo'],
        security,
        querystring: ReverseQuerySchema,
        response: { 200: ReverseAnswerSchema, ...errors },
      },
    },
    async (request) => ({ data: await geo.reverse({ lat: request.query.lat, lng: request.query.lng }) }),
  );

  app.get(
    '/geolocator/details',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['geo'],
        security,
        querystring: PlaceDetailsQuerySchema,
        response: { 200: PlaceDetailsAnswerSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => ({ data: await geo.details(request.query.query_id) }),
  );

  app.get(
    '/addressbook/search-customers/:vendorId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['geo'],
        security,
        params: AddressBookParamsSchema,
        querystring: AddressBookQuerySchema,
        response: { 200: AddressBookAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      data: { body: await geo.searchCustomers(requireCaller(request), request.params.vendorId, request.query.query) },
    }),
  );
};
