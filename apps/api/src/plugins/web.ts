import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { INLINE_CONFIG_ID, type PublicConfig } from '@riderdesk/domain/contracts/deployment';
import { CONSOLE_ROUTE_PATTERNS } from '@riderdesk/domain/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * index.html with what the first screen would otherwise fetch one round trip after another: the public
 * configuration inline (as the config call answers it; `<` escaped so no value can close the element), the
 * default language's translations preloaded in parallel with the scripts, and the service's name as title.
 */
export function renderIndexHtml(html: string, config: PublicConfig): string {
  const answer = JSON.stringify({ result: config }).replaceAll('<', '\\u003c');
  const translations = `/translations/${encodeURIComponent(config.defaultLanguage)}.json`;
  const head =
    `<script type="application/json" id="${INLINE_CONFIG_ID}">${answer}</script>` +
    `<link rel="preload" href="${translations}" as="fetch" crossorigin="anonymous" />`;
  return (
    html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.brand.serviceName)}</title>`)
      // The loading dots take the brand's colour from a rule the web build wrote for each palette colour.
      .replace(/<html(?=[\s>])/, `<html data-brand-colour="${escapeHtml(config.brand.primaryColor)}"`)
      .replace('</head>', `${head}</head>`)
  );
}

/**
 * The operator console's page (console/index.html of its own build, decision 171): rendered as index.html is, with
 * the console's catalogue preloaded beside the merchants' and the console named in the title.
 */
export function renderConsoleHtml(html: string, config: PublicConfig): string {
  const translations = `/translations/console/${encodeURIComponent(config.defaultLanguage)}.json`;
  return renderIndexHtml(html, config)
    .replace(/<title>([^<]*)<\/title>/, '<title>$1 · Console</title>')
    .replace('</head>', `<link rel="preload" href="${translations}" as="fetch" crossorigin="anonymous" /></head>`);
}

// The console's pages (/console, /console/…): its own page, never the merchants' index.html.
const CONSOLE_PAGE = /^\/console(?:[/?#]|$)/;

const isApiPath = (url: string) =>
  /^\/(api|docs|dev|health|metrics|translations)(\/|$|\?)/.test(url) || url.startsWith('/fwfFallback.json');

const wantsHtml = (request: FastifyRequest) =>
  request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && !isApiPath(request.url);

/**
 * Serves the built web app at / with the SPA fallback, when apps/web/dist exists. dist is a link to the
 * current build (apps/web/scripts/build.mjs); it is resolved once, so a server keeps serving the build it
 * started with while the next one is written and switched in. Text assets come precompressed.
 */
// A customer's public order page (spec §2 /tracking, /delivery-receipt, /tracking-c2c) and its token.
const PUBLIC_ORDER_PAGE = /^\/(tracking|delivery-receipt|tracking-c2c)\/([A-Za-z0-9_-]{1,128})\/?(?:[?#]|$)/;

/**
 * A public order page also preloads its order's answer (the same URL the page then asks for), so it arrives
 * with the scripts instead of after them. The token is the one already in the address, and only a token's
 * characters are taken from it.
 */
export function withPageData(html: string, url: string, apiPrefix: string): string {
  const match = PUBLIC_ORDER_PAGE.exec(url);
  if (!match) return html;
  const preload = `<link rel="preload" href="${apiPrefix}/public/${match[1]}/${match[2]}" as="fetch" crossorigin="anonymous" />`;
  return html.replace('</head>', `${preload}</head>`);
}

export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  config: PublicConfig,
  apiPrefix: string,
): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  // Rendered once: the configuration is fixed for the life of the process.
  const indexHtml = hasWeb ? renderIndexHtml(readFileSync(path.join(distDir, 'index.html'), 'utf8'), config) : '';
  const consoleFile = path.join(distDir, 'console', 'index.html');
  const consoleHtml =
    hasWeb && existsSync(consoleFile) ? renderConsoleHtml(readFileSync(consoleFile, 'utf8'), config) : null;
  const sendConsole = (reply: FastifyReply, html: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  const sendIndex = (reply: FastifyReply, url = '/') =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withPageData(indexHtml, url, apiPrefix));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: realpathSync(distDir),
      wildcard: true,
      index: false,
      preCompressed: true,
      // Source maps are kept out of the served build; refuse any that a plain `vite build` left there.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, filePath) {
        // Vite fingerprints files under assets/, so they never change under the same name.
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    // A direct request for the file gets the same rendered page, not the bare template.
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
  if (consoleHtml !== null) {
    const home = CONSOLE_ROUTE_PATTERNS.console;
    for (const url of [home, `${home}/`, `${home}/index.html`]) {
      app.get(url, { schema: { hide: true } }, (_request, reply) => sendConsole(reply, consoleHtml));
    }
  }
  app.setNotFoundHandler({}, (request, reply) => {
    if (hasWeb && wantsHtml(request)) {
      if (consoleHtml !== null && CONSOLE_PAGE.test(request.url)) return sendConsole(reply, consoleHtml);
      return sendIndex(reply, request.url);
    }
    const error = new AppError(404, 'NotFound', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    return reply.code(404).send(error.toJSON());
  });
}
