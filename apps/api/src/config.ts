import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_MODES, type AppMode, type Deployment, resolveDeployment } from '@riderdesk/domain/config';
import { DEFAULT_READS_PER_MINUTE, DEFAULT_WRITES_PER_MINUTE } from '@riderdesk/domain/merchant-api/limits';
import { EMBEDDED_HELP_CENTRE } from '@riderdesk/domain/paths';
import { parseServiceHours } from '@riderdesk/domain/service-hours';
import { z } from 'zod';
import type { JobsConfig } from './infra/jobs/job-queue.ts';
import type { DispatchConfig } from './modules/dispatch/config.ts';
import type { GeoConfig } from './modules/geo/config.ts';
import { DEFAULT_LIVE_CONFIG, type LiveConfig } from './modules/live/config.ts';
import {
  DEFAULT_MESSAGES_DAILY_CAP,
  DEFAULT_MESSAGES_TIMEOUT_MS,
  type MessagingConfig,
  type SmsConfig,
  type WhatsappConfig,
} from './modules/messaging/config.ts';
import type { PaymentsConfig } from './modules/payments/config.ts';
import { REPO_ROOT } from './paths.ts';
import { parseTrustProxy, type TrustProxy } from './plugins/client-address.ts';

export { REPO_ROOT };

export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}
/** ARCHITECTURE.md: argon2id with m=19 MiB, t=2, p=1 (the OWASP baseline). */
export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export interface RateLimitConfig {
  /** Failed logins per IP and e-mail, and registrations, forgot and reset calls per IP, per window. */
  authMax: number;
  authWindowMs: number;
  /**
   * RATE_LIMIT_LOGIN_FAILURES_PER_IP: failed logins one IP may make per window, whatever e-mails it tries, so
   * one address cannot try a password on many accounts. Higher than authMax: an office shares one address.
   */
  loginFailuresPerIp: number;
  /** Every call per IP per minute. */
  globalMax: number;
  /** GUEST_SESSIONS_PER_HOUR: guest sessions one IP may open per hour. */
  guestSessionsPerHour: number;
  /** INVITATIONS_PER_DAY_PER_MERCHANT: outlet owner invitations one merchant (parent vendor) may send a day. */
  invitationsPerMerchantPerDay: number;
  /** INVITATIONS_PER_DAY_PER_ADDRESS: outlet owner invitations one e-mail address may receive a day. */
  invitationsPerAddressPerDay: number;
  /** MERCHANT_API_READS_PER_MINUTE: merchant API calls that read (GET) one client may make per minute. */
  merchantApiReadsPerMinute: number;
  /** MERCHANT_API_WRITES_PER_MINUTE: merchant API calls that write (POST, PUT, DELETE) one client may make per minute. */
  merchantApiWritesPerMinute: number;
  /** REDIS_URL: counters shared by every instance; null keeps them in this process. */
  redisUrl: string | null;
  /** Prefix of the counters' Redis keys. */
  redisKeyPrefix: string;
}

export interface AppConfig {
  deployment: Deployment;
  mode: AppMode;
  /** GUEST_POW_DIFFICULTY: leading zero bits of the proof of work a guest session costs (decision 080). */
  guestProofDifficulty: number;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  authSecret: string;
  /** AUTH_SECRET_PREVIOUS: secrets still accepted for what they signed, during a rotation. */
  previousAuthSecrets: string[];
  /** TRUST_PROXY: whose X-Forwarded-For gives the client's address (rate limits, loopback-only pages). */
  trustProxy: TrustProxy;
  /** METRICS_TOKEN: the bearer token /metrics asks for; null serves it to loopback callers only. */
  metricsToken: string | null;
  /** OPERATOR_TOKEN: a bearer token that opens the development outbox from outside this machine. */
  operatorToken: string | null;
  smtpUrl: string | null;
  publicUrl: string;
  /** HELP_CENTRE_URL: the help centre host (spec §7); default the embedded one at /help-centre. */
  helpCentreUrl: string;
  /**
   * FLAG_PROVIDER_URLS: remote flag sources (a flag service, or a static JSON on object storage) the browser
   * tries in turn, 2 s each, before the API's own flags and the built-in fallback (spec §7, §9).
   */
  flagProviderUrls: string[];
  demoEmail: string;
  demoPassword: string;
  /** DEMO_PARTNER_TOKEN: a partner (GODROID) token the demo seed stores (as its sha256) for the demo shop. */
  demoPartnerToken: string | null;
  mapTileUrl: string | null;
  rateLimit: RateLimitConfig;
  logLevel: string;
  /** Folder of the built web app; served at / when it exists. */
  webDistDir: string;
  localesDir: string;
  passwordHashCost: PasswordHashCost;
  /** The demo seed never runs in production. */
  seedDemo: boolean;
  /** serviceHours ('HHMM:HHMM') the demo seed of an empty database writes; null keeps the migration's. */
  seedServiceHours: string | null;
  /** The development outbox page; it shows reset codes and verification links, so never in prd. */
  hasOutboxPage: boolean;
  geo: GeoConfig;
  dispatch: DispatchConfig;
  payments: PaymentsConfig;
  /** Customer messages: SMS, WhatsApp and e-mail providers, the daily cap (modules/messaging, decision 175). */
  messaging: MessagingConfig;
  /** The background job queue (infra/jobs). */
  jobs: JobsConfig;
  /** Bulk orders (modules/bulk). */
  bulk: { placementLeaseSeconds: number };
  live: LiveConfig;
  /** CLOCK_AT: where the server's clock starts (never in prd); null is the wall clock. */
  clockStart: Date | null;
  /**
   * TEST_VENDOR_IDS: the delivery group's own test vendors, whose orders skip the undeliverable and fee errors
   * (spec §8). Empty by default; in prd only when TEST_VENDOR_IDS_IN_PRD names the same ids.
   */
  testVendorIds: readonly string[];
  /** A request still unanswered after this long gets 503, so one stuck call cannot hold a client forever. */
  requestTimeoutMs: number;
  /** Load shedding (plugins/under-pressure.ts): past either limit, requests get 503 with Retry-After. */
  pressure: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number };
}

/**
 * The configuration as the environment gives it. With DATABASE_URL and no AUTH_SECRET the signing secret is
 * null here: it is kept in the database for every instance and read once the database is migrated
 * (db/instance-secrets.ts `withAuthSecret`).
 */
export type EnvConfig = Omit<AppConfig, 'authSecret'> & { authSecret: string | null };

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const integer = (min: number, max: number, fallback: number) =>
  optional
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number').optional())
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().int().min(min).max(max));
const decimal = (min: number, max: number, fallback: number) =>
  optional
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'must be a number')
        .optional(),
    )
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().min(min).max(max));
const onOff = (fallback: boolean) =>
  optional
    .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0']).optional())
    .transform((value) => (value === undefined ? fallback : ['on', 'true', '1'].includes(value)));

const idList = optional
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be comma-separated vendor ids')));

const EnvSchema = z.object({
  COUNTRY: optional,
  LANGUAGES: optional,
  DEFAULT_PAYMENT_METHOD: optional,
  BRAND: optional,
  ENVIRONMENT: optional,
  // spec §1 external links of this brand in this country, checked in resolveDeployment.
  LINK_PARTNER_SIGN_UP: optional,
  LINK_PRIVACY: optional,
  LINK_API_DOCUMENTATION: optional,
  LINK_DELIVERY_SERVICE_INFO: optional,
  PORT: integer(1, 65535, 8080),
  HOST: optional.transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: optional,
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  // A rotation (docs/operations.md): the secrets AUTH_SECRET replaces, still accepted until what they signed expires.
  AUTH_SECRET_PREVIOUS: optional
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each previous secret must be at least 32 characters'))),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  HELP_CENTRE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FLAG_PROVIDER_URLS: optional
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'each must be an http(s) URL' })).max(5)),
  DEMO_EMAIL: optional.pipe(z.email().optional()).transform((value) => (value ?? 'demo@riderdesk.pk').toLowerCase()),
  DEMO_PASSWORD: optional.transform((value) => value ?? 'Riderdesk#2026'),
  DEMO_PARTNER_TOKEN: optional.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, 'DEMO_PARTNER_TOKEN must be 32 to 512 visible characters')
      .optional(),
  ),
  // An explicitly empty MAP_TILE_URL turns the map tiles off (tests run with no tiles).
  MAP_TILE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined ? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' : value || null)),
  APP_MODE: optional.pipe(z.enum(APP_MODES).optional()).transform((value) => value ?? 'CLASSIC'),
  RATE_LIMIT_AUTH: integer(1, 1_000_000, 10),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: integer(1, 1_000_000, 30),
  GUEST_SESSIONS_PER_HOUR: integer(1, 1_000_000, 20),
  INVITATIONS_PER_DAY_PER_MERCHANT: integer(1, 1_000_000, 50),
  INVITATIONS_PER_DAY_PER_ADDRESS: integer(1, 1_000_000, 3),
  MERCHANT_API_READS_PER_MINUTE: integer(1, 1_000_000, DEFAULT_READS_PER_MINUTE),
  MERCHANT_API_WRITES_PER_MINUTE: integer(1, 1_000_000, DEFAULT_WRITES_PER_MINUTE),
  GUEST_POW_DIFFICULTY: integer(0, 24, 16),
  RATE_LIMIT_GLOBAL: integer(1, 1_000_000, 600),
  REDIS_URL: optional.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  TRUST_PROXY: optional
    .refine(
      (value) => parseTrustProxy(value) !== null,
      'must be false, a number of hops (true is 1), or comma-separated addresses and CIDRs',
    )
    .transform((value) => parseTrustProxy(value) ?? false),
  METRICS_TOKEN: optional.pipe(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional()),
  OPERATOR_TOKEN: optional.pipe(z.string().min(32, 'OPERATOR_TOKEN must be at least 32 characters').optional()),
  LOG_LEVEL: optional
    .pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional())
    .transform((value) => value ?? 'info'),
  OUTBOX_PAGE: optional.pipe(z.enum(['on', 'off']).optional()),
  SEED_SERVICE_HOURS: optional.refine(
    (value) => value === undefined || parseServiceHours(value) !== null,
    'must be HHMM:HHMM, each at most 2359 (0000:0000 is always open)',
  ),

  GEOCODER_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  GEOCODER_USER_AGENT: optional,
  GEOCODER_TIMEOUT_MS: integer(100, 30_000, 5000),
  // The GoogleAutocomplete flag's adapter (Places API (New)): address suggestions and their details.
  GOOGLE_PLACES_API_KEY: optional.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{20,256}$/, 'must be a Google API key')
      .optional(),
  ),
  GOOGLE_PLACES_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),

  PAYMENT_PROVIDER: optional.pipe(z.enum(['sandbox', 'cybersource']).optional()),
  PAYMENT_WEBHOOK_SECRET: optional.pipe(z.string().min(32).optional()),
  PAYMENT_ABANDON_MINUTES: decimal(1, 1440, 15),
  CYBERSOURCE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CYBERSOURCE_MERCHANT_ID: optional.pipe(z.string().max(64).optional()),
  CYBERSOURCE_KEY_ID: optional.pipe(z.string().max(128).optional()),
  CYBERSOURCE_SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{32,}={0,2}$/, 'must be the base64 shared secret key from the Business Center')
      .optional(),
  ),
  CYBERSOURCE_TIMEOUT_MS: integer(1000, 60_000, 15_000),
  CYBERSOURCE_WEBHOOK_KEY_ID: optional.pipe(z.string().max(128).optional()),
  CYBERSOURCE_WEBHOOK_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{32,}={0,2}$/, 'must be the base64 digital signature key of the webhook subscription')
      .optional(),
  ),

  // Customer messages (decision 175): each channel's provider and its credentials.
  SMS_PROVIDER: optional.pipe(z.enum(['outbox', 'twilio', 'gateway', 'off']).optional()),
  TWILIO_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TWILIO_ACCOUNT_SID: optional.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be the account SID (AC and 32 hex digits)')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optional.pipe(z.string().min(16, 'must be the account auth token').max(128).optional()),
  TWILIO_FROM: optional.pipe(
    z
      .string()
      .regex(/^(\+\d{6,15}|[A-Za-z0-9 ]{1,11})$/, 'must be a number in E.164 or an alphanumeric sender id')
      .optional(),
  ),
  TWILIO_MESSAGING_SERVICE_SID: optional.pipe(
    z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG and 32 hex digits)')
      .optional(),
  ),
  SMS_GATEWAY_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMS_GATEWAY_METHOD: optional.pipe(z.enum(['GET', 'POST']).optional()),
  SMS_GATEWAY_BODY: optional,
  SMS_GATEWAY_CONTENT_TYPE: optional.pipe(z.enum(['json', 'form']).optional()),
  SMS_GATEWAY_AUTHORIZATION: optional.pipe(z.string().max(1024).optional()),
  SMS_GATEWAY_FROM: optional.pipe(z.string().max(32).optional()),
  SMS_GATEWAY_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMS_GATEWAY_SIGNATURE_HEADER: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name')
      .optional(),
  ),
  WHATSAPP_PROVIDER: optional.pipe(z.enum(['outbox', 'cloud', 'off']).optional()),
  WHATSAPP_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WHATSAPP_API_VERSION: optional.pipe(
    z
      .string()
      .regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v21.0')
      .optional(),
  ),
  WHATSAPP_ACCESS_TOKEN: optional.pipe(z.string().min(16, 'must be a system user access token').optional()),
  WHATSAPP_PHONE_NUMBER_ID: optional.pipe(
    z
      .string()
      .regex(/^\d{5,20}$/, 'must be the phone number id (digits)')
      .optional(),
  ),
  WHATSAPP_APP_SECRET: optional.pipe(z.string().min(16, 'must be the app secret').optional()),
  WHATSAPP_VERIFY_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  WHATSAPP_TEMPLATE_PREFIX: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{0,40}$/, 'must be lower-case letters, digits and underscores')
      .optional(),
  ),
  MESSAGES_DAILY_CAP: integer(0, 10_000_000, DEFAULT_MESSAGES_DAILY_CAP),
  MESSAGES_TIMEOUT_MS: integer(1000, 60_000, DEFAULT_MESSAGES_TIMEOUT_MS),

  DISPATCHER: onOff(true),
  DISPATCH_INTERVAL_MS: decimal(50, 60_000, 1000),
  NO_COURIER_MINUTES: decimal(1, 240, 10),
  OFFER_TIMEOUT_SECONDS: decimal(5, 600, 60),
  PREORDER_LEAD_MINUTES: decimal(0, 240, 10),
  DISPATCH_RADIUS_KM: decimal(0.1, 100, 15),
  // In the currency's major units (PKR 50,000): a rider holding this much cash gets no new cash order.
  RIDER_CASH_LIMIT: decimal(0, 100_000_000, 50_000),
  SIMULATOR: onOff(true),
  // 10: a 2 km trip takes about 30 s, quick enough to watch a whole delivery in a demo.
  SIM_SPEED: decimal(0.1, 10_000, 10),
  SIM_TICK_MS: decimal(10, 10_000, 500),
  SIM_UNREACHABLE_PROBABILITY: decimal(0, 1, 0.05),
  SIM_DECLINE_PROBABILITY: decimal(0, 1, 0.05),
  PUBLIC_RATE_LIMIT: decimal(1, 1_000_000, 60),

  // pg-boss polls at least every 500 ms and at most as often as its 30 s LISTEN/NOTIFY backstop.
  JOBS_POLL_INTERVAL_MS: integer(500, 30_000, 2000),
  JOBS_CONCURRENCY: integer(1, 100, 2),
  BULK_PLACEMENT_LEASE_SECONDS: integer(5, 3600, 60),

  CLOCK_AT: optional.pipe(z.iso.datetime({ offset: true }).optional()),
  TEST_VENDOR_IDS: idList,
  TEST_VENDOR_IDS_IN_PRD: idList,
  REQUEST_TIMEOUT_MS: integer(1000, 600_000, 30_000),
  // 0 turns the delay check off (the test suites, whose embedded databases block the loop by design).
  MAX_EVENT_LOOP_DELAY_MS: integer(0, 60_000, 1000).refine((ms) => ms === 0 || ms >= 10, 'must be 0 (off) or 10-60000'),
  MAX_EVENT_LOOP_UTILIZATION: decimal(0.5, 1, 0.98),
});

/** Settings whose embedded stand-ins are for trying the product, never for production. */
const PRD_REQUIRED = [
  ['SMTP_URL', 'verification links, reset codes and export e-mails go over it'],
  ['GEOCODER_URL', 'address search beyond the bundled places'],
] as const;

/** Every environment variable the server reads; .env.example documents each (test/config.test.ts). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

export type ConfigResult = { ok: true; config: EnvConfig } | { ok: false; problems: string[] };

/** Parses the environment once; every problem is collected so an operator fixes them in one go. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConfigResult {
  const problems: string[] = [];
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  const deployment = resolveDeployment({
    country: env.COUNTRY || undefined,
    languages: env.LANGUAGES || undefined,
    defaultPaymentMethod: env.DEFAULT_PAYMENT_METHOD || undefined,
    brand: env.BRAND || undefined,
    environment: env.ENVIRONMENT || undefined,
    links: {
      partnerSignUp: env.LINK_PARTNER_SIGN_UP,
      privacy: env.LINK_PRIVACY,
      apiDocumentation: env.LINK_API_DOCUMENTATION,
      deliveryServiceInfo: env.LINK_DELIVERY_SERVICE_INFO,
    },
  });
  if (!deployment.ok) problems.push(...deployment.problems);
  if (parsed.success && deployment.ok && parsed.data.CLOCK_AT && deployment.deployment.environment === 'prd') {
    problems.push('CLOCK_AT: a moved clock is for trying the product at another hour, never in prd');
  }
  // In prd the embedded stand-ins would fail users silently: e-mails kept in the outbox, 520 bundled places.
  // Read from the environment itself, so they are named even beside other problems.
  if (env.ENVIRONMENT?.trim() === 'prd') {
    for (const [name, why] of PRD_REQUIRED) if (!env[name]?.trim()) problems.push(`${name}: required in prd (${why})`);
  }
  if (parsed.success && deployment.ok && deployment.deployment.environment === 'prd') {
    // A bypass of the delivery checks reaches production only by being asked for twice, by name.
    const allowed = new Set(parsed.data.TEST_VENDOR_IDS_IN_PRD);
    const unnamed = parsed.data.TEST_VENDOR_IDS.filter((id) => !allowed.has(id));
    if (unnamed.length > 0) {
      problems.push(
        `TEST_VENDOR_IDS: ${unnamed.join(', ')} skip the undeliverable and fee errors; in prd each must also be named in TEST_VENDOR_IDS_IN_PRD`,
      );
    }
  }
  if (parsed.success && parsed.data.PAYMENT_PROVIDER === 'cybersource') {
    for (const name of ['CYBERSOURCE_MERCHANT_ID', 'CYBERSOURCE_KEY_ID', 'CYBERSOURCE_SECRET_KEY'] as const) {
      if (!parsed.data[name]) problems.push(`${name}: required when PAYMENT_PROVIDER is cybersource`);
    }
  }
  problems.push(...messagingProblems(env));
  if (!parsed.success || !deployment.ok || problems.length > 0) return { ok: false, problems };

  const vars = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, vars.DATA_DIR ?? '.data');
  let authSecret = vars.AUTH_SECRET ?? null;
  // With DATABASE_URL a generated secret lives in the database, so every instance on it shares one.
  if (!authSecret && !vars.DATABASE_URL) {
    try {
      authSecret = readOrCreateSecret(path.join(dataDir, 'auth-secret'));
    } catch (error) {
      return { ok: false, problems: [`AUTH_SECRET: cannot create ${dataDir}/auth-secret (${String(error)})`] };
    }
  }
  const environment = deployment.deployment.environment;
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    ok: true,
    config: {
      deployment: deployment.deployment,
      mode: vars.APP_MODE,
      guestProofDifficulty: vars.GUEST_POW_DIFFICULTY,
      port: vars.PORT,
      host: vars.HOST,
      dataDir,
      databaseUrl: vars.DATABASE_URL ?? null,
      authSecret,
      previousAuthSecrets: vars.AUTH_SECRET_PREVIOUS,
      trustProxy: vars.TRUST_PROXY,
      metricsToken: vars.METRICS_TOKEN ?? null,
      operatorToken: vars.OPERATOR_TOKEN ?? null,
      smtpUrl: vars.SMTP_URL ?? null,
      publicUrl,
      helpCentreUrl: (vars.HELP_CENTRE_URL ?? EMBEDDED_HELP_CENTRE).replace(/\/+$/, ''),
      flagProviderUrls: vars.FLAG_PROVIDER_URLS,
      demoEmail: vars.DEMO_EMAIL,
      demoPassword: vars.DEMO_PASSWORD,
      demoPartnerToken: vars.DEMO_PARTNER_TOKEN ?? null,
      mapTileUrl: vars.MAP_TILE_URL,
      rateLimit: {
        authMax: vars.RATE_LIMIT_AUTH,
        authWindowMs: 15 * 60_000,
        loginFailuresPerIp: vars.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
        globalMax: vars.RATE_LIMIT_GLOBAL,
        guestSessionsPerHour: vars.GUEST_SESSIONS_PER_HOUR,
        invitationsPerMerchantPerDay: vars.INVITATIONS_PER_DAY_PER_MERCHANT,
        invitationsPerAddressPerDay: vars.INVITATIONS_PER_DAY_PER_ADDRESS,
        merchantApiReadsPerMinute: vars.MERCHANT_API_READS_PER_MINUTE,
        merchantApiWritesPerMinute: vars.MERCHANT_API_WRITES_PER_MINUTE,
        redisUrl: vars.REDIS_URL ?? null,
        redisKeyPrefix: 'riderdesk:rate-limit:',
      },
      logLevel: vars.LOG_LEVEL,
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      localesDir: path.join(REPO_ROOT, 'packages/domain/locales'),
      passwordHashCost: PASSWORD_HASH_COST,
      seedDemo: environment !== 'prd',
      seedServiceHours: vars.SEED_SERVICE_HOURS ?? null,
      // Served by default only in the sandbox, where the embedded mailer is the way to read e-mails.
      hasOutboxPage: environment !== 'prd' && (vars.OUTBOX_PAGE ?? (environment === 'san' ? 'on' : 'off')) === 'on',
      geo: {
        geocoderUrl: vars.GEOCODER_URL ?? null,
        // Nominatim's usage policy asks for an application name and a contact.
        geocoderUserAgent: vars.GEOCODER_USER_AGENT ?? `Riderdesk/0.1 (+${publicUrl})`,
        geocoderTimeoutMs: vars.GEOCODER_TIMEOUT_MS,
        googlePlaces: vars.GOOGLE_PLACES_API_KEY
          ? {
              apiKey: vars.GOOGLE_PLACES_API_KEY,
              url: (vars.GOOGLE_PLACES_URL ?? 'https://places.googleapis.com').replace(/\/+$/, ''),
            }
          : null,
      },
      dispatch: {
        dispatcher: vars.DISPATCHER,
        dispatchIntervalMs: vars.DISPATCH_INTERVAL_MS,
        noCourierMinutes: vars.NO_COURIER_MINUTES,
        offerTimeoutSeconds: vars.OFFER_TIMEOUT_SECONDS,
        preorderLeadMinutes: vars.PREORDER_LEAD_MINUTES,
        dispatchRadiusKm: vars.DISPATCH_RADIUS_KM,
        riderCashLimitMinor: Math.round(vars.RIDER_CASH_LIMIT * 100),
        simulator: vars.SIMULATOR,
        simSpeed: vars.SIM_SPEED,
        simTickMs: vars.SIM_TICK_MS,
        simUnreachableProbability: vars.SIM_UNREACHABLE_PROBABILITY,
        simDeclineProbability: vars.SIM_DECLINE_PROBABILITY,
        publicRateLimit: vars.PUBLIC_RATE_LIMIT,
      },
      payments: {
        provider: vars.PAYMENT_PROVIDER ?? 'sandbox',
        webhookSecret: vars.PAYMENT_WEBHOOK_SECRET ?? null,
        abandonAfterMinutes: vars.PAYMENT_ABANDON_MINUTES,
        cybersource:
          vars.PAYMENT_PROVIDER === 'cybersource'
            ? {
                url: vars.CYBERSOURCE_URL ?? 'https://apitest.cybersource.com',
                merchantId: vars.CYBERSOURCE_MERCHANT_ID ?? '',
                keyId: vars.CYBERSOURCE_KEY_ID ?? '',
                secretKey: vars.CYBERSOURCE_SECRET_KEY ?? '',
                timeoutMs: vars.CYBERSOURCE_TIMEOUT_MS,
                webhook:
                  vars.CYBERSOURCE_WEBHOOK_KEY_ID && vars.CYBERSOURCE_WEBHOOK_KEY
                    ? { keyId: vars.CYBERSOURCE_WEBHOOK_KEY_ID, key: vars.CYBERSOURCE_WEBHOOK_KEY }
                    : null,
              }
            : null,
      },
      messaging: messagingConfig(vars, environment),
      jobs: { pollIntervalMs: vars.JOBS_POLL_INTERVAL_MS, concurrency: vars.JOBS_CONCURRENCY },
      bulk: { placementLeaseSeconds: vars.BULK_PLACEMENT_LEASE_SECONDS },
      live: DEFAULT_LIVE_CONFIG,
      clockStart: vars.CLOCK_AT ? new Date(vars.CLOCK_AT) : null,
      testVendorIds: vars.TEST_VENDOR_IDS,
      requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
      pressure: {
        maxEventLoopDelayMs: vars.MAX_EVENT_LOOP_DELAY_MS,
        maxEventLoopUtilization: vars.MAX_EVENT_LOOP_UTILIZATION,
      },
    },
  };
}

const setting = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/**
 * Customer messages would fail silently with a provider chosen but not connected (every send refused, or
 * replies and receipts refused for want of the key that checks them), and in prd with the outbox, where
 * nobody reads them: every missing setting is named (decision 175).
 */
function messagingProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const isPrd = env.ENVIRONMENT?.trim() === 'prd';
  const need = (names: string[], why: string) => {
    for (const name of names) if (!setting(env, name)) problems.push(`${name}: required ${why}`);
  };
  const sms = setting(env, 'SMS_PROVIDER');
  const whatsapp = setting(env, 'WHATSAPP_PROVIDER');
  if (isPrd) {
    for (const [name, value] of [
      ['SMS_PROVIDER', sms],
      ['WHATSAPP_PROVIDER', whatsapp],
    ] as const) {
      if (!value || value === 'outbox') {
        problems.push(
          `${name}: required in prd, and not outbox (customer messages would only reach the outbox); off turns the channel off`,
        );
      }
    }
  }
  if (sms === 'twilio') {
    need(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'], 'when SMS_PROVIDER is twilio');
    if (!setting(env, 'TWILIO_FROM') && !setting(env, 'TWILIO_MESSAGING_SERVICE_SID')) {
      problems.push('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: one is required when SMS_PROVIDER is twilio');
    }
  }
  if (sms === 'gateway') need(['SMS_GATEWAY_URL', 'SMS_GATEWAY_SECRET'], 'when SMS_PROVIDER is gateway');
  if (whatsapp === 'cloud') {
    need(
      ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'],
      'when WHATSAPP_PROVIDER is cloud',
    );
  }
  const isConnected = (sms !== undefined && sms !== 'outbox' && sms !== 'off') || whatsapp === 'cloud';
  // Links in messages and the providers' callbacks are built on PUBLIC_URL; localhost reaches nobody.
  if (isConnected && !setting(env, 'PUBLIC_URL')) {
    problems.push('PUBLIC_URL: required when a message provider is connected (links and receipts use it)');
  }
  return problems;
}

type EnvVars = z.infer<typeof EnvSchema>;

function messagingConfig(vars: EnvVars, environment: string): MessagingConfig {
  // Outside prd an unset provider is the outbox; in prd loadConfig has refused an unset one.
  const fallback = environment === 'prd' ? 'off' : 'outbox';
  const smsProvider = vars.SMS_PROVIDER ?? fallback;
  let sms: SmsConfig;
  if (smsProvider === 'twilio') {
    sms = {
      provider: 'twilio',
      apiUrl: (vars.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
      accountSid: vars.TWILIO_ACCOUNT_SID ?? '',
      authToken: vars.TWILIO_AUTH_TOKEN ?? '',
      from: vars.TWILIO_FROM ?? null,
      messagingServiceSid: vars.TWILIO_MESSAGING_SERVICE_SID ?? null,
    };
  } else if (smsProvider === 'gateway') {
    sms = {
      provider: 'gateway',
      url: vars.SMS_GATEWAY_URL ?? '',
      method: vars.SMS_GATEWAY_METHOD ?? (vars.SMS_GATEWAY_BODY ? 'POST' : 'GET'),
      body: vars.SMS_GATEWAY_BODY ?? null,
      contentType: vars.SMS_GATEWAY_CONTENT_TYPE ?? 'json',
      authorization: vars.SMS_GATEWAY_AUTHORIZATION ?? null,
      from: vars.SMS_GATEWAY_FROM ?? null,
      secret: vars.SMS_GATEWAY_SECRET ?? '',
      signatureHeader: (vars.SMS_GATEWAY_SIGNATURE_HEADER ?? 'x-signature').toLowerCase(),
    };
  } else {
    sms = { provider: smsProvider };
  }
  const whatsappProvider = vars.WHATSAPP_PROVIDER ?? fallback;
  const whatsapp: WhatsappConfig =
    whatsappProvider === 'cloud'
      ? {
          provider: 'cloud',
          apiUrl: (vars.WHATSAPP_API_URL ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
          apiVersion: vars.WHATSAPP_API_VERSION ?? 'v21.0',
          accessToken: vars.WHATSAPP_ACCESS_TOKEN ?? '',
          phoneNumberId: vars.WHATSAPP_PHONE_NUMBER_ID ?? '',
          appSecret: vars.WHATSAPP_APP_SECRET ?? '',
          verifyToken: vars.WHATSAPP_VERIFY_TOKEN ?? '',
          templatePrefix: vars.WHATSAPP_TEMPLATE_PREFIX ?? 'riderdesk_',
        }
      : { provider: whatsappProvider };
  return { sms, whatsapp, dailyCapPerMerchant: vars.MESSAGES_DAILY_CAP, timeoutMs: vars.MESSAGES_TIMEOUT_MS };
}

/** A secret generated once per data folder, readable only by its owner, survives restarts. */
function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Loads the configuration or stops the process listing every problem (spec §1). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const result = loadConfig(env);
  if (result.ok) return result.config;
  process.stderr.write(`Riderdesk refuses to start; fix the configuration:\n`);
  for (const problem of result.problems) process.stderr.write(`  - ${problem}\n`);
  process.exit(1);
}
