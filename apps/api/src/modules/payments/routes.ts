import { OkResultSchema } from '@riderdesk/domain/contracts/common';
import {
  PaymentAuthAnswerSchema,
  PaymentAuthParamsSchema,
  PaymentConfirmAnswerSchema,
  PaymentConfirmBodySchema,
  PaymentIntentAnswerSchema,
  PaymentIntentBodySchema,
  SavedCardParamsSchema,
  SavedCardsAnswerSchema,
  SavedCardsParamsSchema,
} from '@riderdesk/domain/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { CALLER_SECURITY, requireCaller } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { PaymentService } from './service.ts';

const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/);
const HeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

function idempotencyKey(headers: Record<string, unknown>): string | null {
  const raw = headers['idempotency-key'];
  if (typeof raw !== 'string') return null;
  if (!IdempotencyKeySchema.safeParse(raw).success) {
    throw new AppError(400, 'IdempotencyKeyInvalid', 'IdempotencyKeyInvalid');
  }
  return raw;
}

/** spec §7 payment calls, and the saved cards of the card step (spec §3 creditCards). */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  const errors = errorAnswers(400, 401, 403, 404, 409);

  app.post(
    '/order/payment/auth/:vendorId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        security: CALLER_SECURITY,
        params: PaymentAuthParamsSchema,
        response: { 200: PaymentAuthAnswerSchema, ...errors },
      },
    },
    async (request) => payments.authorise(requireCaller(request), request.params.vendorId),
  );

  app.post(
    '/order/payment/intent',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        security: CALLER_SECURITY,
        description: 'With an Idempotency-Key header, a retry answers the intent the first call made.',
        headers: HeadersSchema,
        body: PaymentIntentBodySchema,
        response: { 200: PaymentIntentAnswerSchema, ...errors },
      },
    },
    async (request) => payments.createIntent(requireCaller(request), request.body, idempotencyKey(request.headers)),
  );

  app.post(
    '/order/payment/intent/confirm',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        security: CALLER_SECURITY,
        description:
          'Places the order and charges the card once: a retry of a confirmed intent replays the first answer. A declined card answers 402 with its reason.',
        headers: HeadersSchema,
        body: PaymentConfirmBodySchema,
        response: { 200: PaymentConfirmAnswerSchema, ...errorAnswers(402), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await payments.confirm(requireCaller(request), request.body, idempotencyKey(request.headers));
      if (answer.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode as 200).send(answer.body as never);
    },
  );

  app.get(
    '/order/payment/cards/:vendorId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        security: CALLER_SECURITY,
        params: SavedCardsParamsSchema,
        response: { 200: SavedCardsAnswerSchema, ...errors },
      },
    },
    async (request) => ({ result: await payments.savedCards(requireCaller(request), request.params.vendorId) }),
  );

  app.delete(
    '/order/payment/cards/:vendorId/:cardId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        security: CALLER_SECURITY,
        params: SavedCardParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    async (request) => {
      await payments.removeCard(requireCaller(request), request.params.vendorId, request.params.cardId);
      return { result: true };
    },
  );
};

/**
 * The provider's webhook. Its body is read as text: the signature is of the bytes as sent, so it is checked
 * before anything parses them.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentService; provider: string }> = async (
  app,
  { payments, provider },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    `/payments/webhook/${provider}`,
    {
      schema: {
        tags: ['payments'],
        body: z.string().max(16_384),
        response: { 200: z.object({ received: z.boolean(), status: z.string() }), ...errorAnswers(400, 409) },
      },
    },
    async (request) => {
      const result = await payments.handleWebhook(request.headers, request.body);
      return { received: true, status: result.status };
    },
  );
};
