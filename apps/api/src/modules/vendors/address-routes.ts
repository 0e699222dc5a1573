import {
  VendorAddressAnswerSchema,
  VendorAddressBodySchema,
  VendorAddressParamsSchema,
} from '@riderdesk/domain/contracts/geo';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { addressSchemaError, type VendorAddressService } from './address-service.ts';

export const vendorAddressRoutes: FastifyPluginAsyncZod<{ vendorAddresses: VendorAddressService }> = async (
  app,
  { vendorAddresses },
) => {
  app.put(
    '/vendor/:id/address',
    {
      preHandler: app.authenticate,
      // Body failures answer with the spec §5 address texts rather than the generic schema envelope.
      attachValidation: true,
      schema: {
        tags: ['vendors'],
        security: CALLER_SECURITY,
        params: VendorAddressParamsSchema,
        body: VendorAddressBodySchema,
        response: {
          200: VendorAddressAnswerSchema,
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const error = request.validationError as
        | (Error & { validationContext?: string; validation: FastifySchemaValidationError[] })
        | undefined;
      if (error) {
        if (error.validationContext !== 'body') throw error;
        // Another merchant's vendor is refused before anything about the body is said.
        await vendorAddresses.authorise(requireCaller(request), request.params.id);
        throw addressSchemaError(error.validation);
      }
      return { result: await vendorAddresses.save(requireCaller(request), request.params.id, request.body) };
    },
  );
};
