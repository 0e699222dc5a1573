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
import { orderBodyFlags } from '../../plugins/flag-guard.ts';
import { CHALLENGE_PATH } from './links.ts';
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

/** A payment intent's order travels in its body as `order`. */
const orderOfBody = (body: unknown) => (body as { order?: unknown } | null)?.order;

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
      preHandler: [app.authenticate, ...orderBodyFlags(app, orderOfBody)],
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
      preHandler: [app.authenticate, ...orderBodyFlags(app, orderOfBody)],
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

const ChallengeParamsSchema = z.object({ challengeId: z.string().regex(/^chl_[A-Za-z0-9_-]{10,40}$/) });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** Submits the step-up form at once (a script of ours: the page's policy allows no inline script). */
const CHALLENGE_SCRIPT = "document.getElementById('step-up').submit();\n";

/**
 * 3-D Secure completed by us (decision 096): our page posts the access token to the issuer's step-up page,
 * which posts the cardholder back to the return route; there the payment is validated and authorised, and
 * the browser goes on to the order's tracking. The challenge id is random; no token is in any URL.
 */
export const paymentChallengeRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  // Cardinal posts the return as a form (TransactionId, MD); nothing in it is trusted: the validation uses
  // the authentication transaction id CyberSource gave us.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const limited = { rateLimit: { max: 30, timeWindow: 60_000 } };

  app.get('/payments/challenge.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CHALLENGE_SCRIPT),
  );

  app.get(
    '/payments/challenge/:challengeId',
    { config: limited, schema: { hide: true, params: ChallengeParamsSchema } },
    async (request, reply) => {
      const stepUp = await payments.challengeStepUp(request.params.challengeId);
      if (!stepUp || !/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(stepUp.url)) {
        throw new AppError(404, 'NotFound', 'Not found');
      }
      const fields = Object.entries(stepUp.fields)
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(`<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3-D Secure</title></head>
<body><form id="step-up" method="post" action="${escapeHtml(stepUp.url)}">${fields}
<input type="hidden" name="MD" value="${escapeHtml(request.params.challengeId)}">
<noscript><button type="submit">3-D Secure</button></noscript></form>
<script src="${CHALLENGE_PATH}.js"></script></body></html>`);
    },
  );

  const back = async (challengeId: string) => {
    const to = await payments.completeChallenge(challengeId);
    if (to === null) throw new AppError(404, 'NotFound', 'Not found');
    return to;
  };
  app.post(
    '/payments/challenge/:challengeId/return',
    {
      config: limited,
      schema: {
        hide: true,
        params: ChallengeParamsSchema,
        body: z.record(z.string().max(64), z.string().max(8192)).optional(),
      },
    },
    async (request, reply) => reply.redirect(await back(request.params.challengeId), 303),
  );
};
