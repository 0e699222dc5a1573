import {
  ExtendAnswerSchema,
  ExtendBodySchema,
  ForgotPasswordBodySchema,
  LoginAnswerSchema,
  LoginBodySchema,
  LogoutAnswerSchema,
  MeAnswerSchema,
  RegisterAnswerSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  VerifyEmailQuerySchema,
  WelcomeAnswerSchema,
} from '@riderdesk/domain/contracts/auth';
import { OkResultSchema } from '@riderdesk/domain/contracts/common';
import { paths } from '@riderdesk/domain/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitConfig } from '../../config.ts';
import { authError } from '../../errors.ts';
import { CALLER_SECURITY, requireCaller, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { keyedCounter } from '../../plugins/keyed-counters.ts';
import type { AuthService } from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; rateLimit: RateLimitConfig }> = async (
  app,
  { auth, rateLimit },
) => {
  // skipOnError false: with the shared counters unreachable (REDIS_URL), these calls are refused rather
  // than let through uncounted, so passwords and codes cannot be guessed meanwhile.
  const perIp = { rateLimit: { max: rateLimit.authMax, timeWindow: rateLimit.authWindowMs, skipOnError: false } };
  // Only failed logins count, per IP and e-mail, so a shared office IP does not lock everyone out; and per IP
  // across e-mails, with a higher cap: one address trying a password on many accounts.
  const failedLogins = keyedCounter(app, {
    name: 'login',
    max: rateLimit.authMax,
    timeWindow: rateLimit.authWindowMs,
    skipOnError: false,
  });
  const failedLoginsOfIp = keyedCounter(app, {
    name: 'login-ip',
    max: rateLimit.loginFailuresPerIp,
    timeWindow: rateLimit.authWindowMs,
    skipOnError: false,
  });
  const errors = errorAnswers(400, 401, 403, 429);
  /**
   * The guest token of the browser that calls (spec §7: a guest's calls carry 'Bearer {guest token}'), whose orders
   * a registration reserves and a login takes over. Never a body field: a token copied from elsewhere into a
   * form is not the caller's own guest session.
   */
  const guestTokenOf = (request: { headers: { authorization?: string } }): string | undefined => {
    const [scheme, value] = request.headers.authorization?.trim().split(/\s+/, 2) ?? [];
    return scheme === 'Bearer' && value && !value.includes('|') ? value : undefined;
  };

  app.post(
    '/register',
    {
      config: perIp,
      schema: { tags: ['auth'], body: RegisterBodySchema, response: { 200: RegisterAnswerSchema, ...errors } },
    },
    async (request) => ({ result: await auth.register(request.body, guestTokenOf(request)) }),
  );

  app.get(
    '/register/verify',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        description:
          'The link e-mailed at registration; redirects to /?verified=1, or /?verified=0 when expired or used.',
        querystring: VerifyEmailQuerySchema,
      },
    },
    async (request, reply) =>
      reply.redirect(paths.landing({ verified: (await auth.verifyEmail(request.query.token)) ? 1 : 0 })),
  );

  app.post(
    '/login',
    { schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: LoginAnswerSchema, ...errors } } },
    async (request, reply) => {
      // A peek reports the count so far: once either reaches its maximum, the next try is refused.
      const keys = { login: `${request.ip}:${request.body.email_address}`, ip: request.ip };
      for (const status of [await failedLogins.peek(keys.login), await failedLoginsOfIp.peek(keys.ip)]) {
        if (status.isSpent) {
          reply.header('retry-after', status.retryAfterS);
          throw authError(429, 'TooManyRequestsException');
        }
      }
      const { email_address, password } = request.body;
      const result = await auth.login(
        email_address,
        password,
        async () => {
          await failedLogins.hit(keys.login);
          await failedLoginsOfIp.hit(keys.ip);
        },
        guestTokenOf(request),
      );
      return { result };
    },
  );

  // Refresh tokens are 256-bit random values, so only the global limit applies: a per-IP auth
  // budget would log out an office full of staff sharing one address.
  app.post(
    '/login/extend',
    {
      schema: { tags: ['auth'], body: ExtendBodySchema, response: { 200: ExtendAnswerSchema, ...errors } },
    },
    async (request) => ({ result: { AuthenticationResult: await auth.extend(request.body.refresh_token) } }),
  );

  app.post(
    '/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        security: CALLER_SECURITY,
        response: { 200: LogoutAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      // An embedded partner's token is not a session of ours to end.
      if (caller.kind !== 'user') return { result: false };
      await auth.logout(caller.sessionId);
      return { result: true };
    },
  );

  app.post(
    '/password/forgot',
    {
      config: perIp,
      schema: { tags: ['auth'], body: ForgotPasswordBodySchema, response: { 200: OkResultSchema, ...errors } },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email_address);
      return { result: true };
    },
  );

  app.post(
    '/password/reset',
    {
      config: perIp,
      schema: { tags: ['auth'], body: ResetPasswordBodySchema, response: { 200: OkResultSchema, ...errors } },
    },
    async (request) => {
      const { email_address, code, password } = request.body;
      await auth.resetPassword(email_address, code, password);
      return { result: true };
    },
  );

  app.get(
    '/me',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: MeAnswerSchema, ...errors } },
    },
    async (request) => ({ result: await auth.me(requireUser(request).userId) }),
  );

  // Only a signed-in user has a walkthrough to remember: guests and partner apps answer 403.
  app.get(
    '/me/welcome',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: WelcomeAnswerSchema, ...errors } },
    },
    async (request) => ({ result: { seen: await auth.hasSeenWelcome(requireUser(request).userId) } }),
  );

  app.put(
    '/me/welcome',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: WelcomeAnswerSchema, ...errors } },
    },
    async (request) => {
      await auth.markWelcomeSeen(requireUser(request).userId);
      return { result: { seen: true } };
    },
  );
};
