import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { clockStartingAt } from './clock.ts';
import type { EnvConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { withAuthSecret } from './db/instance-secrets.ts';
import type { JobQueueSettings } from './infra/jobs/job-queue.ts';
import { type LiveTrackingOverrides, registerLiveTracking } from './live-tracking.ts';
import { type Mailer, outboxMailer, smtpMailer } from './mailer.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authService } from './modules/auth/service.ts';
import { Tokens } from './modules/auth/tokens.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { flagRoutes } from './modules/flags/routes.ts';
import { flagService } from './modules/flags/service.ts';
import type { Geocoder } from './modules/geo/geocoder.ts';
import { i18nRoutes } from './modules/i18n/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { vendorRoutes } from './modules/vendors/routes.ts';
import { vendorService } from './modules/vendors/service.ts';
import { setupAuth } from './plugins/auth.ts';
import { fastifyTrustProxy } from './plugins/client-address.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerJobs } from './plugins/jobs.ts';
import { logHooks, logSerializers } from './plugins/log-redaction.ts';
import { createMetrics } from './plugins/metrics.ts';
import { registerRequestTimeout } from './plugins/request-timeout.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { registerRequestARider } from './request-a-rider.ts';

export interface AppDeps {
  db: Db;
  mailer?: Mailer;
  /** The clock every expiry is measured against; tests move it. */
  now?: () => Date;
  /** Replaces the geocoder GEOCODER_URL would choose (tests use a fake HTTP geocoder). */
  geocoder?: Geocoder;
  /** Overrides the dispatcher, simulator and live-session settings the environment gives (tests, bench). */
  liveTracking?: LiveTrackingOverrides;
  /** Overrides the job queue's supervision interval and stop time-out (tests). */
  jobs?: Partial<JobQueueSettings>;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

// Every JSON body of the API is a few kilobytes; a route that takes more (rider proofs) raises its own
// limit and authenticates before reading it, so no anonymous caller gets megabytes buffered.
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Builds the application without listening, so tests drive it with `app.inject`. */
export async function buildApp(envConfig: EnvConfig, deps: AppDeps): Promise<FastifyInstance> {
  const config = await withAuthSecret(envConfig, deps.db);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: logSerializers,
            hooks: logHooks,
            ...(deps.logStream
              ? { stream: deps.logStream }
              : process.stdout.isTTY
                ? { transport: { target: 'pino-pretty' } }
                : {}),
          },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Receiving the request itself (headers and body) is bounded too, against slow senders.
    requestTimeout: config.requestTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestTimeout(app, config.requestTimeoutMs);

  const { db } = deps;
  const now = deps.now ?? clockStartingAt(config.clockStart);
  const from = `${config.deployment.brand.serviceName} <no-reply@${new URL(config.publicUrl).hostname}>`;
  const mailer =
    deps.mailer ?? (config.smtpUrl ? smtpMailer(db, config.smtpUrl, from, app.log) : outboxMailer(db, app.log));
  const tokens = new Tokens(config.authSecret, now);
  const vendors = vendorService(db);
  const auth = authService({ db, config, mailer, tokens, now });
  const flags = flagService(db);
  const metrics = createMetrics(app);

  await registerSecurity(app, config);
  // JSON answers above a few kilobytes (order lists, exports' previews) go out compressed; the web app's
  // files are precompressed at build time instead.
  await app.register(compress, { global: true, threshold: 2048, encodings: ['br', 'gzip'] });
  await registerDocs(app);
  setupAuth(app, tokens, db);
  // Before the modules, which register their queues on it.
  registerJobs(app, { db, config: config.jobs, overrides: deps.jobs });

  await app.register(systemRoutes, { config, db, metrics });
  await app.register(authRoutes, { prefix: '/api/v1', auth, rateLimit: config.rateLimit });
  await app.register(vendorRoutes, { prefix: '/api/v1', vendors });
  await registerRequestARider(app, { config, db, now, vendors, geocoder: deps.geocoder });
  await registerLiveTracking(app, {
    db,
    now,
    vendors,
    flags,
    tokens,
    dispatch: config.dispatch,
    overrides: deps.liveTracking,
  });
  await app.register(flagRoutes, { flags });
  await app.register(i18nRoutes, { localesDir: config.localesDir });
  if (config.hasOutboxPage) await app.register(devRoutes, { db, operatorToken: config.operatorToken });
  await registerWeb(app, config.webDistDir);

  app.addHook('onClose', async () => {
    metrics.clear();
  });
  return app;
}
