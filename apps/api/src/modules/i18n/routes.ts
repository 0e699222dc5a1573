import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SUPPORTED_LANGUAGES } from '@riderdesk/domain/config';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { errorAnswers } from '../../plugins/errors.ts';

const LocaleParamsSchema = z.object({ locale: z.string().regex(/^[a-z]{2}(_[a-zA-Z]+)?$/) });
const TranslationsSchema = z.record(z.string(), z.unknown());

/** GET /translations/{locale}.json (and the console's, /translations/console/{locale}.json): the domain's catalogues. */
export const i18nRoutes: FastifyPluginAsyncZod<{ localesDir: string }> = async (app, { localesDir }) => {
  const serve = (folder: string) => async (request: { params: { locale: string } }, reply: FastifyReply) => {
    const { locale } = request.params;
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(locale)) throw notFound(`no translations for ${locale}`);
    const text = await readFile(path.join(localesDir, folder, `${locale}.json`), 'utf8').catch(() => null);
    if (text === null) throw notFound(`no translations for ${locale}`);
    const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
    reply.header('cache-control', 'public, max-age=300, must-revalidate').header('etag', etag);
    if ((reply.request.headers['if-none-match'] ?? '') === etag) return reply.code(304).send();
    return JSON.parse(text) as Record<string, unknown>;
  };
  const schema = {
    tags: ['i18n'],
    params: LocaleParamsSchema,
    response: { 200: TranslationsSchema, 304: z.undefined(), ...errorAnswers(404) },
  };

  app.get('/translations/:locale.json', { schema }, serve(''));
  // The operator console's own texts (decision 171): merchants never download them.
  app.get('/translations/console/:locale.json', { schema }, serve('console'));
};
