import {
  ConsoleOutletActiveBodySchema,
  ConsoleOutletApproveBodySchema,
  ConsoleOutletSchema,
  ConsoleVendorCodeBodySchema,
  ConsoleVendorCodeSchema,
  ConsoleVendorListSchema,
  ConsoleVendorParamsSchema,
  ConsoleVendorSchema,
  ConsoleVendorSearchQuerySchema,
  ConsoleVendorSettingsBodySchema,
} from '@riderdesk/domain/contracts/console-vendors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY, operatorOf } from '../operators/guard.ts';
import type { ConsoleVendorService } from './console-service.ts';

/** The console's Vendors and outlets page (issue 36): admins and operations change; support reads. */
export const consoleVendorRoutes: FastifyPluginAsyncZod<{ vendors: ConsoleVendorService }> = async (
  app,
  { vendors },
) => {
  const tags = ['console'];
  const security = CONSOLE_SECURITY;
  const errors = errorAnswers(400, 401, 403, 404, 409);
  const readers = app.requireOperator('operations', 'support');
  const deciders = app.requireOperator('operations');

  app.get(
    '/vendors',
    {
      onRequest: readers,
      schema: {
        tags,
        security,
        description: 'Vendors and collection points by id, name or city; pending ones first.',
        querystring: ConsoleVendorSearchQuerySchema,
        response: { 200: ConsoleVendorListSchema, ...errors },
      },
    },
    async (request) => ({ vendors: await vendors.search(request.query) }),
  );

  app.get(
    '/vendors/:vendorId',
    {
      onRequest: readers,
      schema: { tags, security, params: ConsoleVendorParamsSchema, response: { 200: ConsoleVendorSchema, ...errors } },
    },
    async (request) => vendors.get(request.params.vendorId),
  );

  app.put(
    '/vendors/:vendorId/settings',
    {
      onRequest: deciders,
      schema: {
        tags,
        security,
        description: 'Payment methods, the vendor’s own flags (null follows the wider value), registration type.',
        params: ConsoleVendorParamsSchema,
        body: ConsoleVendorSettingsBodySchema,
        response: { 200: ConsoleVendorSchema, ...errors },
      },
    },
    async (request) => vendors.updateSettings(operatorOf(request), request.params.vendorId, request.body),
  );

  app.post(
    '/vendors/:vendorId/registration-code',
    {
      onRequest: deciders,
      schema: {
        tags,
        security,
        description: 'A new vendor code to register with (spec §5); the earlier one stops working.',
        params: ConsoleVendorParamsSchema,
        body: ConsoleVendorCodeBodySchema,
        response: { 200: ConsoleVendorCodeSchema, ...errors },
      },
    },
    async (request) => vendors.issueCode(operatorOf(request), request.params.vendorId, request.body),
  );

  app.post(
    '/outlets/:vendorId/approve',
    {
      onRequest: deciders,
      schema: {
        tags,
        security,
        description: 'A pending collection point made active with the delivery area the operator checked.',
        params: ConsoleVendorParamsSchema,
        body: ConsoleOutletApproveBodySchema,
        response: { 200: ConsoleOutletSchema, ...errors },
      },
    },
    async (request) => vendors.approveOutlet(operatorOf(request), request.params.vendorId, request.body),
  );

  app.put(
    '/outlets/:vendorId/active',
    {
      onRequest: deciders,
      schema: {
        tags,
        security,
        description: 'A collection point active again (with its area) or out of service.',
        params: ConsoleVendorParamsSchema,
        body: ConsoleOutletActiveBodySchema,
        response: { 200: ConsoleOutletSchema, ...errors },
      },
    },
    async (request) => vendors.setOutletActive(operatorOf(request), request.params.vendorId, request.body.is_active),
  );
};
