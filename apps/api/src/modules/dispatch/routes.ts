import { OkResultSchema } from '@riderdesk/domain/contracts/common';
import {
  PROOF_MAX_BYTES,
  ProofBodySchema,
  RiderAvailabilityBodySchema,
  RiderLocationAnswerSchema,
  RiderMeAnswerSchema,
  RiderOrderAnswerSchema,
  RiderOrderParamsSchema,
  RiderParamsSchema,
  RiderPositionBodySchema,
} from '@riderdesk/domain/contracts/riders';
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authError, keyedError } from '../../errors.ts';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { VendorService } from '../vendors/service.ts';
import type { RiderService } from './rider-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    riderId: string | null;
  }
}

const RIDER_AUTH = 'Authorization: Rider {token}.';

const requireRider = (request: FastifyRequest): string => {
  if (!request.riderId) throw authError(401, 'NotAuthorizedException');
  return request.riderId;
};

const errors = errorAnswers(400, 401, 403, 404, 409, 413, 415);

// Base64 makes 4 characters of 3 bytes, plus room for the JSON around it.
const PROOF_BODY_LIMIT = Math.ceil(PROOF_MAX_BYTES / 3) * 4 + 4096;

export const riderRoutes: FastifyPluginAsyncZod<{ riders: RiderService }> = async (app, { riders }) => {
  app.decorateRequest('riderId', null);
  // preParsing: after the rate limit (onRequest), before the body is read, so a caller without a rider
  // token is refused before a proof's megabytes are buffered.
  const preParsing = async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
    request.riderId = await riders.riderOfHeader(request.headers.authorization);
    return payload;
  };
  // plugins/docs.ts declares no scheme for rider tokens, so each route's description names the header.
  const tags = ['rider'];

  app.get(
    '/rider/me',
    { preParsing, schema: { tags, description: RIDER_AUTH, response: { 200: RiderMeAnswerSchema, ...errors } } },
    async (request) => ({ result: await riders.me(requireRider(request)) }),
  );

  app.put(
    '/rider/availability',
    {
      preParsing,
      schema: {
        tags,
        description: RIDER_AUTH,
        body: RiderAvailabilityBodySchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    async (request) => {
      await riders.setAvailability(requireRider(request), request.body.available);
      return { result: true };
    },
  );

  app.post(
    '/rider/position',
    {
      preParsing,
      schema: {
        tags,
        description: RIDER_AUTH,
        body: RiderPositionBodySchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    async (request) => {
      await riders.reportPosition(requireRider(request), request.body);
      return { result: true };
    },
  );

  const plainSteps = {
    accept: riders.accept,
    'arrived-at-vendor': riders.arrivedAtVendor,
    'left-vendor': riders.leftVendor,
    'near-customer': riders.nearCustomer,
    'customer-unreachable': riders.customerUnreachable,
  } as const;
  for (const [action, run] of Object.entries(plainSteps)) {
    app.post(
      `/rider/orders/:orderId/${action}`,
      {
        preParsing,
        schema: {
          tags,
          description: RIDER_AUTH,
          params: RiderOrderParamsSchema,
          response: { 200: RiderOrderAnswerSchema, ...errors },
        },
      },
      async (request) => ({ result: await run(requireRider(request), request.params.orderId) }),
    );
  }

  app.post(
    '/rider/orders/:orderId/decline',
    {
      preParsing,
      schema: {
        tags,
        description: RIDER_AUTH,
        params: RiderOrderParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    async (request) => {
      await riders.decline(requireRider(request), request.params.orderId);
      return { result: true };
    },
  );

  const proofSteps = {
    collected: riders.collected,
    delivered: riders.delivered,
    returned: riders.returned,
  } as const;
  for (const [action, run] of Object.entries(proofSteps)) {
    app.post(
      `/rider/orders/:orderId/${action}`,
      {
        preParsing,
        bodyLimit: PROOF_BODY_LIMIT,
        schema: {
          tags,
          description: `${RIDER_AUTH} Proof photo as base64 JSON: JPEG or PNG, at most 2 MB, checked by its first bytes.`,
          params: RiderOrderParamsSchema,
          body: ProofBodySchema,
          response: { 200: RiderOrderAnswerSchema, ...errors },
        },
      },
      async (request) => ({ result: await run(requireRider(request), request.params.orderId, request.body) }),
    );
  }
};

/** GET /riders/{id} for vendor users (spec §7: polled every 2 s). */
export const riderLocationRoutes: FastifyPluginAsyncZod<{ riders: RiderService; vendors: VendorService }> = async (
  app,
  { riders, vendors },
) => {
  app.get(
    '/riders/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['riders'],
        security: CALLER_SECURITY,
        params: RiderParamsSchema,
        response: { 200: RiderLocationAnswerSchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => {
      const vendorIds = await vendors.vendorIdsForCaller(requireCaller(request));
      const rider = await riders.locationFor(vendorIds, request.params.id);
      // Another merchant's rider, or one no longer on the caller's orders, is as unknown as a made-up id.
      if (!rider) throw keyedError(404, 'NotFound', 'error.rider.not-found', 'id');
      return { result: rider };
    },
  );
};
