import { OutboxAnswerSchema, type OutboxMessage, OutboxQuerySchema } from '@riderdesk/domain/contracts/dev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { hasBearerToken, isLoopbackRequest } from '../../plugins/client-address.ts';
import * as repo from './repo.ts';

async function latestMessages(db: Db, limit: number, to?: string): Promise<OutboxMessage[]> {
  const rows = await repo.latestMessages(db, limit, to ?? null);
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  }));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function outboxPage(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}${m.sent_at ? ' · sent' : ''}${m.error ? ` · error: ${escapeHtml(m.error)}` : ''}</p>
<pre>${linkify(escapeHtml(m.text))}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border-bottom:1px solid #ddd;padding:.5rem 0}h2{font-size:1.1rem;margin:.5rem 0 0}.meta{color:#555;margin:0}
pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>Development outbox</h1>
<p>The latest ${messages.length} e-mails, newest first. This page does not exist in production and answers on this machine only.</p>
${items || '<p>No e-mails yet.</p>'}</body></html>`;
}

/**
 * Development only (ENVIRONMENT !== 'prd'): read the e-mails the embedded mailer wrote. They hold reset
 * codes and verification links, so only a caller on this machine, or one with OPERATOR_TOKEN, reads them.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db; operatorToken: string | null }> = async (
  app,
  { db, operatorToken },
) => {
  app.addHook('onRequest', async (request) => {
    if (isLoopbackRequest(request)) return;
    if (operatorToken !== null && hasBearerToken(request, operatorToken)) return;
    throw new AppError(403, 'Forbidden', 'The outbox answers on this machine only, or with OPERATOR_TOKEN.');
  });

  app.get(
    '/api/v1/dev/outbox',
    { schema: { tags: ['dev'], querystring: OutboxQuerySchema, response: { 200: OutboxAnswerSchema } } },
    async (request) => ({ result: { messages: await latestMessages(db, request.query.limit, request.query.to) } }),
  );

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return outboxPage(await latestMessages(db, 50));
  });
};
