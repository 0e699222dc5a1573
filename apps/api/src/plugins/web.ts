import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '@riderdesk/domain/contracts/deployment';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** The element the web app reads its deployment from instead of asking `GET /api/v1/config` first. */
export const INLINE_CONFIG_ID = 'app-config';

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
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.brand.serviceName)}</title>`)
    .replace('</head>', `${head}</head>`);
}

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

/** A chunk of the web build as Vite's manifest (apps/web/dist/.vite/manifest.json) describes it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The `<link>`s that fetch a page's code with the shell's, for the pages the address alone names. */
export interface PageChunkLinks {
  landing: string;
  publicOrder: string;
}

const LANDING_SOURCE = 'src/app/pages/landing-route.tsx';
const PUBLIC_ORDER_SOURCE = 'src/app/pages/public-order-route.tsx';

/**
 * The files of a page's chunk and of everything it imports statically, less the shell's (which index.html
 * already loads), as modulepreload links (decision 099). Without them the browser learns of the page's
 * files only once the shell has downloaded and run, one slow-network stage later.
 */
export function pageChunkLinks(manifest: Record<string, ManifestChunk>): PageChunkLinks {
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const shell = entry ? closure(entry) : new Set<string>();
  const shellCss = new Set([...shell].flatMap((key) => manifest[key]?.css ?? []));
  const linksOf = (source: string) => {
    const keys = [...closure(source)].filter((key) => !shell.has(key));
    const scripts = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`);
    const styles = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))]
      .filter((file) => !shellCss.has(file))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    return [...scripts, ...styles].join('');
  };
  return { landing: linksOf(LANDING_SOURCE), publicOrder: linksOf(PUBLIC_ORDER_SOURCE) };
}

// The login page: `/`, and `/connect` where a partner app opens the portal.
const LANDING_PAGE = /^\/(connect\/?)?(?:[?#]|$)/;

/**
 * The page's code, preloaded where the address says which page the visitor sees whatever their session:
 * a public order page, and the login page. A signed-in user who opens `/` is sent on to the portal, and
 * on a cold cache fetches the login page's files for nothing (≈ 35 kB); a visitor without a session on a
 * portal address is not helped, since the address does not say whether there is one.
 */
export function withPageChunks(html: string, url: string, links: PageChunkLinks | null): string {
  if (!links) return html;
  const wanted = PUBLIC_ORDER_PAGE.test(url) ? links.publicOrder : LANDING_PAGE.test(url) ? links.landing : '';
  return wanted ? html.replace('</head>', `${wanted}</head>`) : html;
}

function readPageChunkLinks(distDir: string): PageChunkLinks | null {
  try {
    return pageChunkLinks(JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')));
  } catch {
    // A build without a manifest still works; its pages' code is fetched once the shell asks for it.
    return null;
  }
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
  const chunkLinks = hasWeb ? readPageChunkLinks(distDir) : null;
  const sendIndex = (reply: FastifyReply, url = '/') =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withPageChunks(withPageData(indexHtml, url, apiPrefix), url, chunkLinks));
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
  app.setNotFoundHandler({}, (request, reply) => {
    if (hasWeb && wantsHtml(request)) {
      return sendIndex(reply, request.url);
    }
    const error = new AppError(404, 'NotFound', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    return reply.code(404).send(error.toJSON());
  });
}
