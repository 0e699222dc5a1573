import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const isApiPath = (url: string) =>
  /^\/(api|docs|dev|health|metrics|translations)(\/|$|\?)/.test(url) || url.startsWith('/fwfFallback.json');

const wantsHtml = (request: FastifyRequest) =>
  request.method === 'GET' && (request.headers.accept ?? '').includes('text/html') && !isApiPath(request.url);

/**
 * Serves the built web app at / with the SPA fallback, when apps/web/dist exists. dist is a link to the
 * current build (apps/web/scripts/build.mjs); it is resolved once, so a server keeps serving the build it
 * started with while the next one is written and switched in. Text assets come precompressed.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
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
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false }),
    );
  }
  app.setNotFoundHandler({}, (request, reply) => {
    if (hasWeb && wantsHtml(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    const error = new AppError(404, 'NotFound', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    return reply.code(404).send(error.toJSON());
  });
}
