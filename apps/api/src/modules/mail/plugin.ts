import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/db.ts';
import { type OutboxTexts, outboxRoutes, type ReplyToText } from './routes.ts';

/**
 * The development outbox page: the e-mails the embedded mailer kept, and the texts the embedded SMS and WhatsApp
 * channels kept (decision 028: this machine only).
 */
export const outboxPlugin: FastifyPluginAsync<{
  db: Db;
  operatorToken: string | null;
  texts?: OutboxTexts;
  replyToText?: ReplyToText;
}> = async (app, options) => {
  await app.register(outboxRoutes, options);
};
