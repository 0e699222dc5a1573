import {
  ConsoleChallengeSchema,
  ConsoleCodeBodySchema,
  ConsoleMeSchema,
  ConsoleSessionSchema,
  ConsoleSetUpBodySchema,
  ConsoleSetUpInvitationSchema,
  ConsoleSetUpTokenBodySchema,
  ConsoleSignInBodySchema,
} from '@riderdesk/domain/contracts/console-sign-in';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitConfig } from '../../config.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { type CounterStatus, keyedCounter } from '../../plugins/keyed-counters.ts';
import { tooManyAttempts } from './deps.ts';
import { CONSOLE_SECURITY, operatorOf } from './guard.ts';
import type { OperatorsService } from './service.ts';

/**
 * The console's sign-in (password, then a code or a recovery code; enrolment the first time), its set-up links,
 * the session's own calls. Failures are counted on the shared store (REDIS_URL) and refused, rather than let
 * through uncounted, while it is unreachable.
 */
export const consoleSignInRoutes: FastifyPluginAsyncZod<{
  operators: OperatorsService;
  rateLimit: RateLimitConfig;
}> = async (app, { operators, rateLimit }) => {
  const tags = ['console'];
  const errors = errorAnswers(400, 401, 403, 404, 429);
  const window = { timeWindow: rateLimit.authWindowMs, skipOnError: false };
  // Failed passwords per address and e-mail, and per address whatever the e-mail (as the merchants' login).
  const failedPasswords = keyedCounter(app, { name: 'console-sign-in', max: rateLimit.authMax, ...window });
  const failedPasswordsOfIp = keyedCounter(app, {
    name: 'console-sign-in-ip',
    max: rateLimit.loginFailuresPerIp,
    ...window,
  });
  // Wrong codes per operator, wherever they come from: a password known does not buy unlimited code guesses.
  const failedCodes = keyedCounter(app, { name: 'console-code', max: rateLimit.authMax, ...window });
  const perIp = { rateLimit: { max: rateLimit.authMax, ...window } };

  const refuseWhenSpent = (reply: FastifyReply, statuses: CounterStatus[]) => {
    const spent = statuses.find((status) => status.isSpent);
    if (!spent) return;
    reply.header('retry-after', spent.retryAfterS);
    throw tooManyAttempts();
  };

  app.post(
    '/sign-in',
    {
      config: { consolePublic: true },
      schema: { tags, body: ConsoleSignInBodySchema, response: { 200: ConsoleChallengeSchema, ...errors } },
    },
    async (request, reply) => {
      const keys = { email: `${request.ip}:${request.body.email_address}`, ip: request.ip };
      refuseWhenSpent(reply, [await failedPasswords.peek(keys.email), await failedPasswordsOfIp.peek(keys.ip)]);
      return operators.signIn(request.body.email_address, request.body.password, async () => {
        await failedPasswords.hit(keys.email);
        await failedPasswordsOfIp.hit(keys.ip);
      });
    },
  );

  app.post(
    '/sign-in/code',
    {
      config: { consolePublic: true, ...perIp },
      schema: { tags, body: ConsoleCodeBodySchema, response: { 200: ConsoleSessionSchema, ...errors } },
    },
    async (request, reply) => {
      const claims = await operators.readChallenge(request.body.challenge);
      refuseWhenSpent(reply, [await failedCodes.peek(claims.operatorId)]);
      return operators.completeSignIn(claims, request.body, async () => {
        await failedCodes.hit(claims.operatorId);
      });
    },
  );

  app.post(
    '/set-up/inspect',
    {
      config: { consolePublic: true, ...perIp },
      schema: {
        tags,
        description: 'Whom a set-up link (the first operator’s, or an invitation) is for.',
        body: ConsoleSetUpTokenBodySchema,
        response: { 200: ConsoleSetUpInvitationSchema, ...errors },
      },
    },
    async (request) => operators.inspectSetUp(request.body.token),
  );

  app.post(
    '/set-up',
    {
      config: { consolePublic: true, ...perIp },
      schema: {
        tags,
        description: 'The operator’s password; answers the enrolment step of the sign-in.',
        body: ConsoleSetUpBodySchema,
        response: { 200: ConsoleChallengeSchema, ...errors },
      },
    },
    async (request) => operators.setUp(request.body.token, request.body.password),
  );

  app.get(
    '/me',
    {
      onRequest: app.requireOperator(),
      schema: { tags, security: CONSOLE_SECURITY, response: { 200: ConsoleMeSchema, ...errors } },
    },
    async (request) => operators.me(operatorOf(request)),
  );

  app.post(
    '/sign-out',
    {
      onRequest: app.requireOperator(),
      schema: { tags, security: CONSOLE_SECURITY, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await operators.signOut(operatorOf(request));
      return reply.code(204).send(null);
    },
  );
};
