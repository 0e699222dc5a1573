import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import { authError } from '../errors.ts';

function tileOrigin(url: string | null): string[] {
  if (!url) return [];
  try {
    // The template's {s} subdomain placeholder is not a valid host; allow the subdomains instead.
    const parsed = new URL(url.replaceAll('{s}', 'a').replace(/\{[a-z]\}/g, '0'));
    return url.includes('{s}') ? [`${parsed.protocol}//*.${parsed.host.replace(/^a\./, '')}`] : [parsed.origin];
  } catch {
    return [];
  }
}

/** An external help centre host is framed and called; the embedded one is this server. */
function helpCentreOrigin(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

/**
 * With CyberSource (decision 096): Microform's client library and fields come from its Flex hosts, and our
 * 3-D Secure page posts to Cardinal's step-up page; the configured endpoint (a local fake) is allowed too.
 */
function cybersourceOrigins(config: AppConfig): { flex: string[]; stepUp: string[] } {
  const cybersource = config.payments.cybersource;
  if (config.payments.provider !== 'cybersource' || !cybersource) return { flex: [], stepUp: [] };
  const configured = new URL(cybersource.url).origin;
  return {
    flex: ['https://testflex.cybersource.com', 'https://flex.cybersource.com', configured],
    stepUp: ['https://centinelapistag.cardinalcommerce.com', 'https://centinelapi.cardinalcommerce.com', configured],
  };
}

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const cybersource = cybersourceOrigins(config);
  // helmet's middleware is built once, here. The Fastify wrapper (@fastify/helmet) built it again for every
  // request, parsing the policy each time: 3 % of an order's time at the maximum rate (decision 106).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...cybersource.flex],
        // The UI library writes inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin(config.mapTileUrl)],
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          ...helpCentreOrigin(config.helpCentreUrl),
          ...cybersource.flex,
          // The remote flag sources the browser reads (spec §7).
          ...new Set(config.flagProviderUrls.map((url) => new URL(url).origin)),
        ],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", ...helpCentreOrigin(config.helpCentreUrl), ...cybersource.flex],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...cybersource.stepUp],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Tiles come from another origin and the help centre frame is embedded.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });

  const redis = config.rateLimit.redisUrl ? await sharedCounters(app, config.rateLimit.redisUrl) : null;
  await app.register(rateLimit, {
    global: true,
    // Counters in Redis hold across instances; route limits (auth, public pages) are children of this store.
    ...(redis ? { redis, nameSpace: config.rateLimit.redisKeyPrefix } : {}),
    // With Redis unreachable the general limit lets calls through rather than failing the whole API;
    // the auth limits (modules/auth/routes.ts) refuse instead, so passwords cannot be guessed meanwhile.
    skipOnError: true,
    max: config.rateLimit.globalMax,
    timeWindow: 60_000,
    // The web app's fingerprinted chunks are immutable and cached for a year; counting them would
    // let one page load (or an office behind one address after a deploy) exhaust the API budget.
    allowList: (request) => request.url.startsWith('/assets/'),
    errorResponseBuilder: () => authError(429, 'TooManyRequestsException'),
  });
}

/**
 * The Redis client of the rate-limit counters. Commands fail at once while it is disconnected (no offline
 * queue), so an outage costs no latency; it reconnects by itself and says so once per outage. The first
 * connection is awaited (up to its time-out), so the first calls after a start are not refused for want of it.
 */
async function sharedCounters(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const firstAttempt = new Promise((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', resolve);
  });
  let isDown = false;
  redis.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    app.log.error({ err: error }, 'rate-limit counters: Redis unreachable');
  });
  redis.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    app.log.info('rate-limit counters: Redis is back');
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await firstAttempt;
  return redis;
}
