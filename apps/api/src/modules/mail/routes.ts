import {
  OutboxAnswerSchema,
  type OutboxMessage,
  OutboxQuerySchema,
  OutboxReplyAnswerSchema,
  OutboxReplyBodySchema,
  type OutboxText,
} from '@riderdesk/domain/contracts/dev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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

/**
 * The texts (SMS and WhatsApp) the embedded channels kept, from the messaging module (decision 175): handed in
 * by the composition root, so the mail module reads no other module's tables.
 */
export type OutboxTexts = (
  limit: number,
  to: string | null,
) => Promise<(Omit<OutboxText, 'created_at'> & { created_at: Date })[]>;

/** Answers a kept text as its customer would (the messaging module's replies); null when no such text was kept. */
export type ReplyToText = (messageId: string, text: string) => Promise<string | null>;

async function latestTexts(texts: OutboxTexts | undefined, limit: number, to?: string): Promise<OutboxText[]> {
  if (!texts) return [];
  return (await texts(limit, to ?? null)).map((text) => ({ ...text, created_at: text.created_at.toISOString() }));
}

const CHANNEL_NAMES: Record<string, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

function textsSection(texts: OutboxText[], canReply: boolean): string {
  // A reply goes as the customer's phone would send it: STOP, START, 1, URDU, or anything else.
  const replyForm = (t: OutboxText) =>
    canReply
      ? `<form method="post" action="/dev/outbox/reply" class="reply"><input type="hidden" name="message_id" value="${escapeHtml(t.id)}">
<label>Reply as the customer <input name="text" maxlength="160" required placeholder="1, STOP, URDU…"></label> <button>Send reply</button></form>`
      : '';
  const items = texts
    .map(
      (
        t,
      ) => `<article class="text" lang="${/[\u0600-\u06ff]/.test(t.text) ? 'ur' : 'en'}" dir="auto"><h3>${escapeHtml(CHANNEL_NAMES[t.channel] ?? t.channel)} to ${escapeHtml(t.to)}</h3>
<p class="meta">${escapeHtml(t.kind)} · order ${escapeHtml(t.order_id)} · ${escapeHtml(t.created_at)}</p>
<pre dir="auto">${linkify(escapeHtml(t.text))}</pre>${replyForm(t)}</article>`,
    )
    .join('\n');
  return `<section aria-labelledby="texts"><h2 id="texts">Text messages</h2>
<p>The latest ${texts.length} SMS and WhatsApp messages to customers, newest first, as the embedded channels kept them.</p>
${items || '<p>No text messages yet.</p>'}</section>`;
}

function outboxPage(messages: OutboxMessage[], texts: OutboxText[], canReply: boolean): string {
  const items = messages
    .map(
      (m) => `<article><h3>${escapeHtml(m.subject)}</h3>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}${m.sent_at ? ' · sent' : ''}${m.error ? ` · error: ${escapeHtml(m.error)}` : ''}</p>
<pre>${linkify(escapeHtml(m.text))}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border-bottom:1px solid #ddd;padding:.5rem 0}h2{font-size:1.25rem;margin:1rem 0 .25rem}.meta{color:#555;margin:0}
pre{white-space:pre-wrap;font:inherit}h3{font-size:1rem;margin:.5rem 0 0}section{margin-bottom:2rem}
.text pre{background:#f4f6f8;border-radius:.75rem;padding:.5rem .75rem;max-width:32rem}
.reply{margin:.25rem 0 .5rem;font-size:.9rem}.reply input[name=text]{width:10rem}</style></head><body>
<h1>Development outbox</h1>
<p>What the product sent while no provider is connected. This page does not exist in production and answers on this machine only.</p>
${textsSection(texts, canReply)}
<section aria-labelledby="emails"><h2 id="emails">E-mails</h2>
<p>The latest ${messages.length} e-mails, newest first.</p>
${items || '<p>No e-mails yet.</p>'}</section></body></html>`;
}

/**
 * Development only (ENVIRONMENT !== 'prd'): read the e-mails the embedded mailer wrote. They hold reset
 * codes and verification links, so only a caller on this machine, or one with OPERATOR_TOKEN, reads them.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{
  db: Db;
  operatorToken: string | null;
  texts?: OutboxTexts;
  replyToText?: ReplyToText;
}> = async (app, { db, operatorToken, texts, replyToText }) => {
  // The page's reply form posts as a browser form does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onRequest', async (request) => {
    if (isLoopbackRequest(request)) return;
    if (operatorToken !== null && hasBearerToken(request, operatorToken)) return;
    throw new AppError(403, 'Forbidden', 'The outbox answers on this machine only, or with OPERATOR_TOKEN.');
  });

  app.get(
    '/api/v1/dev/outbox',
    { schema: { tags: ['dev'], querystring: OutboxQuerySchema, response: { 200: OutboxAnswerSchema } } },
    async (request) => ({
      result: {
        messages: await latestMessages(db, request.query.limit, request.query.to),
        texts: await latestTexts(texts, request.query.limit, request.query.to),
      },
    }),
  );

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return outboxPage(await latestMessages(db, 50), await latestTexts(texts, 50), replyToText !== undefined);
  });

  if (replyToText) {
    const reply = async (body: z.infer<typeof OutboxReplyBodySchema>) => {
      const intent = await replyToText(body.message_id, body.text);
      if (intent === null) throw new AppError(404, 'NotFound', 'No such text in the outbox.');
      return intent;
    };
    app.post(
      '/api/v1/dev/outbox/reply',
      { schema: { tags: ['dev'], body: OutboxReplyBodySchema, response: { 200: OutboxReplyAnswerSchema } } },
      async (request) => ({ result: { intent: await reply(request.body) } }),
    );
    app.post('/dev/outbox/reply', { schema: { hide: true, body: OutboxReplyBodySchema } }, async (request, answer) => {
      await reply(request.body);
      return answer.redirect('/dev/outbox', 303);
    });
  }
};
