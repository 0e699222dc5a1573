import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from './db/db.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

async function record(db: Db, message: MailMessage): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'insert into outbox ("to", subject, text, html) values ($1, $2, $3, $4) returning id::text as id',
    [message.to, message.subject, message.text, message.html ?? null],
  );
  return row!.id;
}

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
        await db.query('update outbox set sent_at = now() where id = $1', [id]);
        log.info({ outboxId: id, to: message.to, subject: message.subject }, 'e-mail sent');
      } catch (error) {
        await db.query('update outbox set error = $2 where id = $1', [id, String(error)]);
        log.error({ err: error, outboxId: id, to: message.to }, 'e-mail delivery failed');
      }
    },
  };
}
