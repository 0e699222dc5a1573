import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const record = (db: Db, message: MailMessage) => repo.insertMessage(db, { ...message, html: message.html ?? null });

/** Embedded default: every message lands in the outbox table (readable at /dev/outbox outside prd). */
export function outboxMailer(db: Db, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(message) {
      const id = await record(db, message);
      log.info({ outboxId: id, to: message.to, subject: message.subject }, 'e-mail written to the outbox');
    },
  };
}

/** SMTP delivery; the outbox still keeps a copy with its delivery result. */
export function smtpMailer(
  db: Db,
  smtpUrl: string,
  from: string,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const id = await record(db, message);
      try {
        await transport.sendMail({ from, ...message });
        await repo.markSent(db, id);
        log.info({ outboxId: id, to: message.to, subject: message.subject }, 'e-mail sent');
      } catch (error) {
        await repo.markFailed(db, id, String(error));
        log.error({ err: error, outboxId: id, to: message.to }, 'e-mail delivery failed');
      }
    },
  };
}

/** SMTP_URL selects SMTP delivery; without it the outbox is the mailbox. */
export function createMailer(config: AppConfig, db: Db, log: Pick<FastifyBaseLogger, 'info' | 'error'>): Mailer {
  const from = `${config.deployment.brand.serviceName} <no-reply@${new URL(config.publicUrl).hostname}>`;
  return config.smtpUrl ? smtpMailer(db, config.smtpUrl, from, log) : outboxMailer(db, log);
}
