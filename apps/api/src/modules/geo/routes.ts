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
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { GeoService } from './service.ts';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  const errors = errorAnswers(400, 401, 403, 502);

  app.get(
    '/geolocator/autocomplete',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['geo'],
        security: CALLER_SECURITY,
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
        security: CALLER_SECURITY,
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
        security: CALLER_SECURITY,
        querystring: PlaceDetailsQuerySchema,
        response: { 200: PlaceDetailsAnswerSchema, ...errorAnswers(404), ...errors },
      },
    },
    async (request) => ({ data: await geo.details(request.query.query_id) }),
  );

  app.get(
    '/addressbook/search-customers/:vendorId',
    {
      preHandler: [app.authenticate, app.requireFlag('AddressBook')],
      schema: {
        tags: ['geo'],
        security: CALLER_SECURITY,
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
