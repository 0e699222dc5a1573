import type { Db } from '../../db/db.ts';

/** The `outbox` table: every e-mail the product sends, with its delivery result when sent over SMTP. */
export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
}

export async function insertMessage(
  db: Db,
  message: { to: string; subject: string; text: string; html: string | null },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'insert into outbox ("to", subject, text, html) values ($1, $2, $3, $4) returning id::text as id',
    [message.to, message.subject, message.text, message.html],
  );
  return row!.id;
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db.query('update outbox set sent_at = now() where id = $1', [id]);
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.query('update outbox set error = $2 where id = $1', [id, error]);
}

/** Newest first; with `to`, only the messages to that address (any case). */
export async function latestMessages(db: Db, limit: number, to: string | null): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `select id::text as id, "to", subject, text, html, created_at, sent_at, error from outbox
      where $1::text is null or lower("to") = $1 order by id desc limit $2`,
    [to, limit],
  );
}
