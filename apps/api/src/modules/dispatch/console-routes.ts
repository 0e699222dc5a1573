import {
  BoardFreeRidersQuerySchema,
  BoardFreeRidersSchema,
  BoardOrderParamsSchema,
  BoardOrderSchema,
  BoardSchema,
  OperatorCancelBodySchema,
  ReassignBodySchema,
} from '@riderdesk/domain/contracts/console-board';
import {
  ConsoleRiderCreateBodySchema,
  ConsoleRiderCreatedSchema,
  ConsoleRiderDetailSchema,
  ConsoleRiderListSchema,
  ConsoleRiderParamsSchema,
  ConsoleRiderSchema,
} from '@riderdesk/domain/contracts/console-riders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY, operatorOf } from '../operators/guard.ts';
import type { FleetConsole } from './console-fleet.ts';

/**
 * The console's live operations board and Riders page (decision 181). Admin and operations run both; support
 * reads the board and may cancel with a reason; finance sees neither.
 */
export const consoleFleetRoutes: FastifyPluginAsyncZod<{ fleet: FleetConsole }> = async (app, { fleet }) => {
  const tags = ['console'];
  const security = CONSOLE_SECURITY;
  const errors = errorAnswers(400, 401, 403, 404, 409);
  const boardReaders = app.requireOperator('operations', 'support');
  const operations = app.requireOperator('operations');

  app.get(
    '/board',
    {
      onRequest: boardReaders,
      schema: {
        tags,
        security,
        description: 'Every order in flight of every vendor, and those that ended needing a person; exceptions first.',
        response: { 200: BoardSchema, ...errors },
      },
    },
    async () => fleet.board(),
  );

  app.get(
    '/board/orders/:orderId',
    {
      onRequest: boardReaders,
      schema: { tags, security, params: BoardOrderParamsSchema, response: { 200: BoardOrderSchema, ...errors } },
    },
    async (request) => fleet.boardOrder(request.params.orderId),
  );

  app.get(
    '/board/free-riders',
    {
      onRequest: operations,
      schema: {
        tags,
        security,
        description: 'Free riders an order may be handed to, nearest its pickup first.',
        querystring: BoardFreeRidersQuerySchema,
        response: { 200: BoardFreeRidersSchema, ...errors },
      },
    },
    async (request) => ({ riders: await fleet.freeRiders(request.query.order_id) }),
  );

  app.post(
    '/orders/:orderId/reassign',
    {
      onRequest: operations,
      schema: {
        tags,
        security,
        description: 'Offers the order to another free rider, before its pickup; the first rider is freed.',
        params: BoardOrderParamsSchema,
        body: ReassignBodySchema,
        response: { 200: BoardOrderSchema, ...errors },
      },
    },
    async (request) => fleet.reassign(operatorOf(request), request.params.orderId, request.body.rider_id),
  );

  app.post(
    '/orders/:orderId/cancel',
    {
      onRequest: boardReaders,
      schema: {
        tags,
        security,
        description: 'Cancels the order with the operator’s reason; its rider is freed.',
        params: BoardOrderParamsSchema,
        body: OperatorCancelBodySchema,
        response: { 200: BoardOrderSchema, ...errors },
      },
    },
    async (request) => fleet.cancel(operatorOf(request), request.params.orderId, request.body),
  );

  app.get(
    '/riders',
    { onRequest: operations, schema: { tags, security, response: { 200: ConsoleRiderListSchema, ...errors } } },
    async () => ({ riders: await fleet.riders() }),
  );

  app.get(
    '/riders/:riderId',
    {
      onRequest: operations,
      schema: {
        tags,
        security,
        params: ConsoleRiderParamsSchema,
        response: { 200: ConsoleRiderDetailSchema, ...errors },
      },
    },
    async (request) => fleet.rider(request.params.riderId),
  );

  app.post(
    '/riders',
    {
      onRequest: operations,
      schema: {
        tags,
        security,
        description: 'A rider for a rider app; the token is answered once.',
        body: ConsoleRiderCreateBodySchema,
        response: { 201: ConsoleRiderCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await fleet.createRider(operatorOf(request), request.body)),
  );

  app.post(
    '/riders/:riderId/deactivate',
    {
      onRequest: operations,
      schema: {
        tags,
        security,
        description: 'The rider is offered no more orders and their token stops working.',
        params: ConsoleRiderParamsSchema,
        response: { 200: ConsoleRiderSchema, ...errors },
      },
    },
    async (request) => fleet.deactivateRider(operatorOf(request), request.params.riderId),
  );
};
