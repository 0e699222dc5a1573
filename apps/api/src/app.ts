import { createHmac } from 'node:crypto';
import compress from '@fastify/compress';
import { broaderPlacesOf } from '@riderdesk/domain/geo/address-area';
import { PK_GAZETTEER } from '@riderdesk/domain/geo/gazetteer';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { type Clock, clockStartingAt } from './clock.ts';
import type { AppConfig, EnvConfig } from './config.ts';
import { registerCustomerMessages } from './customer-message-events.ts';
import type { Db } from './db/db.ts';
import { withAuthSecret } from './db/instance-secrets.ts';
import { AppError } from './errors.ts';
import type { JobQueue, JobQueueSettings } from './infra/jobs/job-queue.ts';
import { leadership } from './infra/leader.ts';
import { type DomainMetrics, domainMetrics, observedGauges } from './infra/metrics.ts';
import { guestService } from './modules/auth/guest-service.ts';
import { passwordHasher } from './modules/auth/passwords.ts';
import { authPlugin } from './modules/auth/plugin.ts';
import { authService } from './modules/auth/service.ts';
import { Tokens } from './modules/auth/tokens.ts';
import { bulkPlugin } from './modules/bulk/plugin.ts';
import { bulkService } from './modules/bulk/service.ts';
import { fleetConsole } from './modules/dispatch/console-fleet.ts';
import { dispatcher } from './modules/dispatch/dispatcher.ts';
import { dispatchPlugin } from './modules/dispatch/plugin.ts';
import * as ridersRepo from './modules/dispatch/repo.ts';
import { riderService } from './modules/dispatch/rider-service.ts';
import { fleetSimulator } from './modules/dispatch/simulator.ts';
import { flagsPlugin } from './modules/flags/plugin.ts';
import { flagService } from './modules/flags/service.ts';
import { createGeocoder } from './modules/geo/create-geocoder.ts';
import type { Geocoder } from './modules/geo/geocoder.ts';
import { geoPlugin } from './modules/geo/plugin.ts';
import { geoService } from './modules/geo/service.ts';
import { helpCentrePlugin } from './modules/help-centre/plugin.ts';
import { helpCentreService } from './modules/help-centre/service.ts';
import { supportDesk } from './modules/help-centre/support-desk.ts';
import { HelpCentreTokens } from './modules/help-centre/tokens.ts';
import { i18nPlugin } from './modules/i18n/plugin.ts';
import { insightsPlugin } from './modules/insights/plugin.ts';
import { insightsService } from './modules/insights/service.ts';
import { ledgerPlugin } from './modules/ledger/plugin.ts';
import { ledgerService } from './modules/ledger/service.ts';
import { legalPlugin } from './modules/legal/plugin.ts';
import { LiveHub } from './modules/live/hub.ts';
import { livePlugin } from './modules/live/plugin.ts';
import { LiveSessions } from './modules/live/sessions.ts';
import { liveTickets } from './modules/live/tickets.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { outboxPlugin } from './modules/mail/plugin.ts';
import { merchantApiOrderService } from './modules/merchant-api/order-service.ts';
import { merchantApiOutletService } from './modules/merchant-api/outlet-service.ts';
import { merchantApiPlugin } from './modules/merchant-api/plugin.ts';
import { merchantApiService } from './modules/merchant-api/service.ts';
import type { Channels } from './modules/messaging/channels/channel.ts';
import { messagingPlugin } from './modules/messaging/plugin.ts';
import { createMessaging } from './modules/messaging/service.ts';
import { monitoringPlugin } from './modules/monitoring/plugin.ts';
import { setupConsoleGuard } from './modules/operators/guard.ts';
import { operatorsPlugin } from './modules/operators/plugin.ts';
import { operatorsService } from './modules/operators/service.ts';
import { orderCancelService } from './modules/orders/cancel-service.ts';
import { orderExportJobService } from './modules/orders/export-job-service.ts';
import { orderExportService } from './modules/orders/export-service.ts';
import { lifecycleService } from './modules/orders/lifecycle.ts';
import { orderListService } from './modules/orders/list-service.ts';
import { ordersPlugin } from './modules/orders/plugin.ts';
import { orderRecords } from './modules/orders/records.ts';
import { orderService } from './modules/orders/service.ts';
import { orderStatementService } from './modules/orders/statement-service.ts';
import { createPaymentProvider } from './modules/payments/create-provider.ts';
import { paymentsPlugin } from './modules/payments/plugin.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { paymentService } from './modules/payments/service.ts';
import { FeeSigner } from './modules/pricing/fee-signature.ts';
import { pricingPlugin } from './modules/pricing/plugin.ts';
import { pricingService } from './modules/pricing/service.ts';
import { countryServiceHours, type ServiceHours } from './modules/pricing/service-hours.ts';
import { publicPlugin } from './modules/public/plugin.ts';
import { publicTrackingService } from './modules/public/service.ts';
import { settingsPlugin } from './modules/settings/plugin.ts';
import { platformSettings } from './modules/settings/service.ts';
import { publicConfig, systemPlugin } from './modules/system/plugin.ts';
import { vendorAddressService } from './modules/vendors/address-service.ts';
import { consoleVendorService } from './modules/vendors/console-service.ts';
import { outletService } from './modules/vendors/outlet-service.ts';
import { vendorsPlugin } from './modules/vendors/plugin.ts';
import { vendorService } from './modules/vendors/service.ts';
import { consoleVoucherService } from './modules/vouchers/console-service.ts';
import { vouchersPlugin } from './modules/vouchers/plugin.ts';
import { voucherService } from './modules/vouchers/service.ts';
import { webhooksPlugin } from './modules/webhooks/plugin.ts';
import { createWebhooks, type WebhooksOptions } from './modules/webhooks/service.ts';
import { setupAuth } from './plugins/auth.ts';
import { fastifyTrustProxy } from './plugins/client-address.ts';
import { registerClosingConnections } from './plugins/closing-connections.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { setupFlagGuard } from './plugins/flag-guard.ts';
import { registerJobs } from './plugins/jobs.ts';
import { logHooks, logSerializers } from './plugins/log-redaction.ts';
import { createRegistry, observeHttp } from './plugins/metrics.ts';
import { registerRequestTimeout } from './plugins/request-timeout.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerUnderPressure } from './plugins/under-pressure.ts';
import { registerWeb } from './plugins/web.ts';
import { orderLocations, registerOrderEvents } from './webhook-order-events.ts';

/** What the services are built on; everything else comes from the configuration. */
export interface ServiceDeps {
  db: Db;
  /** The clock every expiry, service-hours check and order time is measured against (decision 026). */
  now: Clock;
  log: FastifyBaseLogger;
  /** The shared job queue, not yet open: modules register their queues on it (the webhooks' deliveries). */
  jobs: JobQueue;
  /** Overrides of the webhook delivery (tests shorten the back-off). */
  webhooks?: Pick<
    WebhooksOptions,
    'nextAttempt' | 'resolve' | 'post' | 'disableAfterFailures' | 'deliveryWorkers' | 'deliveryBatchSize'
  >;
  /** Replaces the mailer SMTP_URL would choose. */
  mailer?: Mailer;
  /** Replaces channels of customer messages the configuration would choose (tests). */
  messageChannels?: Partial<Channels>;
  /** Replaces the geocoder GEOCODER_URL would choose (tests use a fake HTTP geocoder). */
  geocoder?: Geocoder;
  /** Replaces the country's service hours; the demo seed writes history at any hour (decision 026). */
  serviceHours?: ServiceHours;
  /** Replaces the card processor PAYMENT_PROVIDER would choose (tests use a fake CyberSource server). */
  paymentProvider?: PaymentProvider;
  /** Where the services count what they do; the app's /metrics registry (a throwaway one by default). */
  metrics?: DomainMetrics;
}

/**
 * The one place the services are wired: the app serves them, and the demo seed places and moves its
 * orders through the same ones (docs/decisions/031-module-plugins-and-composition-root.md).
 */
export function buildServices(config: AppConfig, deps: ServiceDeps) {
  const { db, now, log } = deps;
  const tokens = new Tokens(config.authSecret, now, config.previousAuthSecrets);
  const signer = new FeeSigner(config.authSecret, now, undefined, config.previousAuthSecrets);
  const mailer = deps.mailer ?? createMailer(config, db, log);
  const metrics = deps.metrics ?? domainMetrics(new Registry());

  const vendors = vendorService(db);
  const orderReads = orderRecords(db);
  const insights = insightsService({
    db,
    vendors,
    timeZone: config.deployment.country.timeZone,
    currency: config.deployment.country.currency,
    now,
    log,
    // The history export's catalogues (built below; read only when a file is asked for).
    texts: (language) => orderExport.texts(language),
  });
  // A guest's orders move to the business it registers with their rollups, in the registration's transaction.
  const guestHandOver: typeof orderReads.guestHandOver = {
    ...orderReads.guestHandOver,
    async moveAll(tx, fromVendorId, toVendorId) {
      const moved = await orderReads.guestHandOver.moveAll(tx, fromVendorId, toVendorId);
      await insights.moveVendor(tx, fromVendorId, toVendorId);
      return moved;
    },
  };
  const guests = guestService({ db, config, tokens, vendors, orders: guestHandOver, now });
  const passwords = passwordHasher(config.passwordHashCost);
  const auth = authService({ db, config, mailer, tokens, vendors, guests, passwords, now });
  const flags = flagService(db, config.deployment.country.code, { urls: config.flagProviderUrls, now });
  const pricing = pricingService({
    config,
    vendors,
    signer,
    nearestFreeRider: (point) => ridersRepo.nearestAvailableRider(db, point),
  });
  const vouchers = voucherService({ db, config, vendors, signer, now });
  const lifecycle = lifecycleService({ db, now, releaseRider: ridersRepo.releaseRider, metrics });
  // Every step that finishes an order adds it to the insights rollups, in the step's transaction (decision 172).
  // It reads the order as the step wrote it; the hooks after it patch only payment fields it does not read.
  lifecycle.onStep(async (tx, order) => {
    await insights.onStep(tx, order);
    return undefined;
  });
  // The money a step moves is booked in the step's transaction (decision 178).
  const ledger = ledgerService({
    db,
    now,
    currency: config.deployment.country.currency,
    timeZone: config.deployment.country.timeZone,
    log,
    vendors,
    riderCashLimitMinor: config.dispatch.riderCashLimitMinor,
    texts: (language) => orderExport.texts(language),
  });
  lifecycle.onStep(async (tx, order, at) => {
    await ledger.onStep(tx, order, at);
    return undefined;
  });
  const riders = riderService({ db, now, lifecycle, orders: orderReads });
  const geo = geoService({
    orders: orderReads,
    config,
    vendors,
    geocoder: createGeocoder(
      config.geo,
      async () => (await flags.variations()).GoogleAutocomplete === true,
      deps.geocoder,
    ),
  });
  const operators = operatorsService({ db, config, passwords, mailer, now });
  // The console's live board and its audited actions (decision 181).
  const fleet = fleetConsole({ db, now, lifecycle, orders: orderReads, config: config.dispatch });
  const leader = leadership(db.listenTarget, log);
  const isLeader = () => leader.isLeader();
  const liveSessions: LiveSessions = new LiveSessions({
    honoured: auth.honouredSessionIds,
    honouredPartnerTokens: auth.honouredPartnerTokenIds,
    honouredGuestSessions: auth.honouredGuestSessionIds,
    honouredOperatorSessions: operators.honouredSessionIds,
    now,
    log,
    config: config.live,
    onEnded: (socket) => liveHub.unsubscribe(socket),
  });
  const liveHub: LiveHub = new LiveHub({
    orders: orderReads,
    log,
    now,
    receivers: (sockets) => liveSessions.receivers(sockets),
    sent: metrics.liveMessagesSent,
    boardView: (orderId) => fleet.boardOrderOrNull(orderId),
  });
  const orders = orderService({
    db,
    config,
    vendors,
    pricing,
    vouchers,
    signer,
    serviceHours: deps.serviceHours ?? countryServiceHours(vendors, config.deployment.country),
    now,
    metrics,
    flags,
  });
  const outlets = outletService({ db, config, now, mailer, vendors, auth, geo });
  const orderCancel = orderCancelService({ db, vendors, flags, lifecycle, now });
  const { provider: paymentProvider, sandbox: paymentSandbox } = deps.paymentProvider
    ? { provider: deps.paymentProvider, sandbox: null }
    : createPaymentProvider(config.payments, {
        db,
        secret: config.authSecret,
        webhookSecret: paymentWebhookSecret(config),
        publicUrl: config.publicUrl,
        now,
      });
  const orderEvents = { records: orderReads, publicUrl: config.publicUrl };
  const webhooks = createWebhooks({
    db,
    jobs: deps.jobs,
    clock: now,
    environment: config.deployment.environment,
    authSecret: config.authSecret,
    locationSource: orderLocations(orderEvents),
    vendors,
    notice: {
      mailer,
      // The user was deleted (the endpoint's created_by is cleared then): nobody to tell.
      emailOfUser: async (userId) => (await auth.me(userId).catch(() => null))?.email ?? null,
      vendorIdsOfUser: (userId) => vendors.callerVendorIds(userId),
      // The locale catalogues the export e-mails read (built below; called only when a job runs).
      texts: (language) => orderExport.texts(language),
      serviceName: config.deployment.brand.serviceName,
    },
    ...deps.webhooks,
  });
  // Every status change, create and edit records its webhook events in its own transaction (decision 156).
  registerOrderEvents({ ...orderEvents, lifecycle, orders, webhooks });
  const messaging = createMessaging({
    db,
    jobs: deps.jobs,
    clock: now,
    log,
    config: config.messaging,
    mailer,
    hasSmtp: config.smtpUrl !== null && deps.mailer === undefined,
    orders: orderReads,
    vendors,
    // The locale catalogues the export e-mails read (built below; called only when a message is recorded).
    texts: (language) => orderExport.texts(language),
    brand: config.deployment.brand.serviceName,
    publicUrl: config.publicUrl,
    apiPrefix: API_PREFIX,
    timeZone: config.deployment.country.timeZone,
    channels: deps.messageChannels,
    // A reply of 1 confirms the cash order of the message it answers, while it still waits (decision 175).
    confirmByReply: async (orderId) => {
      try {
        await lifecycle.confirmCustomer(orderId, 'customer_reply');
        return true;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409) return false;
        throw error;
      }
    },
  });
  // The customer hears of the moments the outlet chose, recorded in each change's transaction (decision 175).
  registerCustomerMessages({ lifecycle, orders, records: orderReads, messaging });
  const orderExport = orderExportService({
    db,
    vendors,
    phonePrefix: config.deployment.country.phonePrefix,
    countryCode: config.deployment.country.code,
    timeZone: config.deployment.country.timeZone,
    localesDir: config.localesDir,
    now,
  });

  return {
    tokens,
    passwords,
    vendors,
    vendorAddresses: vendorAddressService({ db, config, vendors }),
    auth,
    guests,
    outlets,
    flags,
    geo,
    pricing,
    vouchers,
    merchantApi: merchantApiService({ db, config, vendors, now, log }),
    operators,
    consoleVendors: consoleVendorService({ db, flags, now }),
    consoleVouchers: consoleVoucherService({
      db,
      currency: config.deployment.country.currency,
      timeZone: config.deployment.country.timeZone,
      now,
    }),
    merchantApiOrders: merchantApiOrderService({
      db,
      orders,
      orderCancel,
      orderRecords: orderReads,
      pricing,
      publicUrl: config.publicUrl,
      now,
      flags,
    }),
    merchantApiOutlets: merchantApiOutletService({
      db,
      outlets: outlets.forApiClient,
      flags,
      currency: config.deployment.country.currency,
      locale: `${config.deployment.defaultLanguage.split('_')[0]}-${config.deployment.country.code}`,
    }),
    orders,
    bulk: bulkService({ db, config, vendors, orders, pricing, geo, flags, now }),
    paymentProvider,
    paymentSandbox,
    payments: paymentService({
      db,
      now,
      currency: config.deployment.country.currency,
      vendors,
      orders,
      orderRecords: orderReads,
      lifecycle,
      provider: paymentProvider,
      publicUrl: config.publicUrl,
      book: ledger.bookCardMovement,
    }),
    ledger,
    now,
    orderList: orderListService({
      db,
      vendors,
      phonePrefix: config.deployment.country.phonePrefix,
      countryCode: config.deployment.country.code,
      timeZone: config.deployment.country.timeZone,
      now,
    }),
    orderExport,
    orderStatements: orderStatementService({
      db,
      vendors,
      exports: orderExport,
      timeZone: config.deployment.country.timeZone,
      currency: config.deployment.country.currency,
      now,
    }),
    orderExportJobs: orderExportJobService({
      db,
      vendors,
      exports: orderExport,
      mailer,
      emailOfUser: async (userId) => (await auth.me(userId)).email,
      now,
      secret: config.authSecret,
      previousSecrets: config.previousAuthSecrets,
      publicUrl: config.publicUrl,
      serviceName: config.deployment.brand.serviceName,
      timeZone: config.deployment.country.timeZone,
    }),
    orderCancel,
    insights,
    orderRecords: orderReads,
    lifecycle,
    riders,
    dispatcher: dispatcher({
      db,
      now,
      lifecycle,
      orders: orderReads,
      metrics,
      config: config.dispatch,
      log,
      isLeader,
      ridersAtCashLimit: ledger.ridersAtCashLimit,
    }),
    fleetConsole: fleet,
    simulator: fleetSimulator({ db, riders, orders: orderReads, config: config.dispatch, log, isLeader }),
    leadership: leader,
    publicTracking: publicTrackingService({
      orders: orderReads,
      confirmCustomer: (orderId) => lifecycle.confirmCustomer(orderId, 'customer_link'),
      broaderPlaces: broaderPlacesOf(
        config.deployment.country.name,
        PK_GAZETTEER.map((place) => place.province),
      ),
    }),
    webhooks,
    messaging,
    helpCentre: helpCentreService({
      db,
      now,
      tokens: new HelpCentreTokens(config.authSecret, now),
      vendors,
      orders: orderReads,
      mailer,
      emailOf: async (userId) => (await auth.me(userId)).email,
      isSessionHonoured: auth.isSessionHonoured,
      serviceName: config.deployment.brand.serviceName,
      frameBase: config.helpCentreUrl,
      globalEntityId: `ODR_${config.deployment.country.code}`,
    }),
    supportDesk: supportDesk({
      db,
      now,
      mailer,
      orders: orderReads,
      serviceName: config.deployment.brand.serviceName,
    }),
    settings: platformSettings({ db, now, flags, countryCode: config.deployment.country.code }),
    liveTickets: liveTickets({
      db,
      now,
      honoured: auth.honouredSessionIds,
      honouredPartnerTokens: auth.honouredPartnerTokenIds,
      honouredGuestSessions: auth.honouredGuestSessionIds,
      honouredOperatorSessions: operators.honouredSessionIds,
    }),
    liveSessions,
    liveHub,
    metrics,
  };
}

export type Services = ReturnType<typeof buildServices>;

/** PAYMENT_WEBHOOK_SECRET, or one derived from AUTH_SECRET so the sandbox works with no more setting. */
export function paymentWebhookSecret(config: AppConfig): string {
  return (
    config.payments.webhookSecret ??
    createHmac('sha256', config.authSecret).update('payment-webhook').digest('base64url')
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the routes call; tests drive the dispatcher and the simulator through them. */
    services: Services;
  }
}

export interface AppDeps {
  db: Db;
  mailer?: Mailer;
  /** Replaces channels of customer messages the configuration would choose (tests). */
  messageChannels?: Partial<Channels>;
  /** The clock every expiry is measured against; tests move it. */
  now?: Clock;
  /** Replaces the geocoder GEOCODER_URL would choose (tests use a fake HTTP geocoder). */
  geocoder?: Geocoder;
  /** Replaces the card processor PAYMENT_PROVIDER would choose (tests use a fake CyberSource server). */
  paymentProvider?: PaymentProvider;
  /** Overrides the job queue's supervision interval and stop time-out (tests). */
  jobs?: Partial<JobQueueSettings>;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Overrides of the webhook delivery (tests shorten the back-off). */
  webhooks?: Pick<
    WebhooksOptions,
    'nextAttempt' | 'resolve' | 'post' | 'disableAfterFailures' | 'deliveryWorkers' | 'deliveryBatchSize'
  >;
}

// Every JSON body of the API is a few kilobytes; a route that takes more (rider proofs) raises its own
// limit and authenticates before reading it, so no anonymous caller gets megabytes buffered.
const DEFAULT_BODY_LIMIT = 64 * 1024;
const API_PREFIX = '/api/v1';

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
  registerClosingConnections(app);
  const registry = createRegistry();

  const { db } = deps;
  // Before the services and the modules, which register their queues on it.
  const jobs = registerJobs(app, { db, config: config.jobs, overrides: deps.jobs });
  const services = buildServices(config, {
    db,
    jobs,
    webhooks: deps.webhooks,
    now: deps.now ?? clockStartingAt(config.clockStart),
    log: app.log,
    mailer: deps.mailer,
    messageChannels: deps.messageChannels,
    geocoder: deps.geocoder,
    paymentProvider: deps.paymentProvider,
    metrics: domainMetrics(registry),
  });
  app.decorate('services', services);
  observeHttp(app, registry);
  await registerUnderPressure(app, config.pressure, services.metrics.shedRequests);

  await registerSecurity(app, config);
  // JSON answers above a few kilobytes (order lists, exports' previews) go out compressed; the web app's
  // files are precompressed at build time instead.
  await app.register(compress, { global: true, threshold: 2048, encodings: ['br', 'gzip'] });
  await registerDocs(app);
  setupAuth(app, services.tokens, db);
  // Before every module: a module's console routes use the guard, and a console route without it stops the start.
  setupConsoleGuard(app, services.operators, API_PREFIX);
  setupFlagGuard(app, {
    flags: services.flags,
    assertCallerVendor: (caller, vendorId) => services.vendors.assertCallerVendor(caller, vendorId),
  });
  observedGauges(registry, {
    liveSockets: () => services.liveHub.socketCount,
    queues: () => jobs.names(),
    queueDepth: (queue) => jobs.depth(queue),
  });
  // Rider positions of active orders every 15 s, queued by every instance for one job each time (decision 156).
  app.addHook('onListen', async () => {
    services.webhooks.startLocationTimer((error) =>
      app.log.error({ err: error }, 'the rider-position scan could not be queued'),
    );
  });
  app.addHook('onClose', async () => services.webhooks.stopLocationTimer());

  const prefix = API_PREFIX;
  await app.register(systemPlugin, { config, db, metrics: registry });
  await app.register(authPlugin, { prefix, services, rateLimit: config.rateLimit, mode: config.mode });
  await app.register(vendorsPlugin, { prefix, services, rateLimit: config.rateLimit });
  await app.register(geoPlugin, { prefix, services });
  await app.register(pricingPlugin, { prefix, services });
  await app.register(vouchersPlugin, { prefix, services });
  await app.register(ordersPlugin, { prefix, services });
  await app.register(bulkPlugin, { prefix, services, config: config.bulk });
  await app.register(paymentsPlugin, {
    prefix,
    db,
    config: config.payments,
    webhookSecret: paymentWebhookSecret(config),
    currency: config.deployment.country.currency,
    services,
  });
  await app.register(dispatchPlugin, { prefix, services, config: config.dispatch });
  await app.register(publicPlugin, { prefix, services, rateLimit: config.dispatch.publicRateLimit });
  await app.register(helpCentrePlugin, { apiPrefix: prefix, services });
  await app.register(livePlugin, { db, services });
  await app.register(flagsPlugin, { services });
  await app.register(monitoringPlugin, { prefix, services });
  await app.register(merchantApiPlugin, { apiPrefix: prefix, rateLimit: config.rateLimit, services });
  await app.register(webhooksPlugin, { prefix, services });
  await app.register(operatorsPlugin, { apiPrefix: prefix, services, rateLimit: config.rateLimit });
  await app.register(settingsPlugin, { apiPrefix: prefix, services });
  await app.register(insightsPlugin, { prefix, services });
  await app.register(messagingPlugin, {
    prefix,
    services,
    config: config.messaging,
    publicUrl: config.publicUrl,
    countryCode: config.deployment.country.code,
  });
  await app.register(ledgerPlugin, { prefix, services });
  await app.register(i18nPlugin, { localesDir: config.localesDir });
  await app.register(legalPlugin, {
    prefix,
    localesDir: config.localesDir,
    serviceName: config.deployment.brand.serviceName,
    now: services.now,
  });
  if (config.hasOutboxPage) {
    await app.register(outboxPlugin, {
      db,
      operatorToken: config.operatorToken,
      texts: (limit, to) => services.messaging.outbox(limit, to),
      replyToText: (messageId, text) => services.messaging.replyAsCustomer(messageId, text),
    });
  }
  await registerWeb(app, config.webDistDir, publicConfig(config), prefix);

  app.addHook('onClose', async () => {
    registry.clear();
  });
  return app;
}
