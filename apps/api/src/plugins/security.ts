import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The UI library writes inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin(config.mapTileUrl)],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Tiles come from another origin and the help centre frame is embedded.
    crossOriginEmbedderPolicy: false,
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalMax,
    timeWindow: 60_000,
    // The web app's fingerprinted chunks are immutable and cached for a year; counting them would
    // let one page load (or an office behind one address after a deploy) exhaust the API budget.
    allowList: (request) => request.url.startsWith('/assets/'),
    errorResponseBuilder: () => authError(429, 'TooManyRequestsException'),
  });
}
