import type {
  MessageChannel,
  MessageKind,
  MessageLanguage,
  MessageState,
  SkipReason,
  TriggerSettings,
} from '@riderdesk/domain/messaging/customer-messages';
import type { Db } from '../../db/db.ts';

// The messaging module's tables (migration 160): outlets' settings, messages, replies, the customers' choices
// (STOP, language) and the daily counts. Private to the module (decision 034).

export interface SettingsRow {
  vendor_id: string;
  triggers: TriggerSettings;
  language: MessageLanguage;
  quiet_hours: string | null;
  updated_at: Date;
}

export async function findSettings(db: Db, vendorId: string): Promise<SettingsRow | null> {
  const [row] = await db.query<SettingsRow>(
    `select vendor_id, triggers, language, quiet_hours, updated_at
       from customer_message_settings where vendor_id = $1`,
    [vendorId],
    { prepare: true },
  );
  return row ?? null;
}

export async function saveSettings(
  db: Db,
  settings: Omit<SettingsRow, 'updated_at'> & { updatedAt: Date; updatedBy: string | null },
): Promise<void> {
  await db.query(
    `insert into customer_message_settings (vendor_id, triggers, language, quiet_hours, updated_at, updated_by)
     values ($1, $2::jsonb, $3, $4, $5, $6)
     on conflict (vendor_id) do update
       set triggers = excluded.triggers, language = excluded.language, quiet_hours = excluded.quiet_hours,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [
      settings.vendor_id,
      JSON.stringify(settings.triggers),
      settings.language,
      settings.quiet_hours,
      settings.updatedAt,
      settings.updatedBy,
    ],
  );
}

/** The outlets that send anything at all: a trigger on (the few seconds' presence view, decision 175). */
export async function vendorsSendingMessages(db: Db): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    `select vendor_id from customer_message_settings s
      where exists (select 1 from jsonb_each(s.triggers) t where (t.value ->> 'enabled')::boolean)`,
  );
  return rows.map((row) => row.vendor_id);
}

export interface MessageRow {
  id: string;
  order_id: string;
  vendor_id: string;
  merchant_id: string;
  kind: MessageKind;
  channel: MessageChannel;
  provider: string;
  recipient: string;
  language: MessageLanguage;
  body: string;
  state: MessageState;
  skip_reason: SkipReason | null;
  error: string | null;
  attempts: number;
  not_before: Date | null;
  provider_message_id: string | null;
  created_at: Date;
  sending_at: Date | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  failed_at: Date | null;
}

const MESSAGE_COLUMNS = `id::text as id, order_id, vendor_id, merchant_id, kind, channel, provider, recipient,
  language, body, state, skip_reason, error, attempts, not_before, provider_message_id, created_at, sending_at,
  sent_at, delivered_at, failed_at`;

export type NewMessage = Pick<
  MessageRow,
  | 'id'
  | 'order_id'
  | 'vendor_id'
  | 'merchant_id'
  | 'kind'
  | 'channel'
  | 'provider'
  | 'recipient'
  | 'language'
  | 'body'
  | 'state'
  | 'skip_reason'
  | 'not_before'
  | 'created_at'
>;

/**
 * Records a message of an order; answers false when the order already has one of this kind (the unique key
 * that makes a trigger send once, whoever records it and however often).
 */
export async function insertMessage(db: Db, message: NewMessage): Promise<boolean> {
  const rows = await db.query(
    `insert into customer_messages (id, order_id, vendor_id, merchant_id, kind, channel, provider, recipient,
       language, body, state, skip_reason, not_before, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (order_id, kind) do nothing
     returning 1`,
    [
      message.id,
      message.order_id,
      message.vendor_id,
      message.merchant_id,
      message.kind,
      message.channel,
      message.provider,
      message.recipient,
      message.language,
      message.body,
      message.state,
      message.skip_reason,
      message.not_before,
      message.created_at,
    ],
    { prepare: true },
  );
  return rows.length > 0;
}

/** The message, its row locked until the caller's transaction ends: one attempt at a time, on any instance. */
export async function lockMessage(tx: Db, id: string): Promise<MessageRow | null> {
  const [row] = await tx.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from customer_messages where id = $1 for update`,
    [id],
  );
  return row ?? null;
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | null> {
  const [row] = await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from customer_messages where id = $1`, [id]);
  return row ?? null;
}

export interface MessageChanges {
  provider?: string;
  state?: MessageState;
  skip_reason?: SkipReason | null;
  error?: string | null;
  attempts?: number;
  not_before?: Date | null;
  provider_message_id?: string | null;
  sending_at?: Date | null;
  sent_at?: Date | null;
  delivered_at?: Date | null;
  failed_at?: Date | null;
}

const CHANGEABLE: Record<keyof MessageChanges, true> = {
  provider: true,
  state: true,
  skip_reason: true,
  error: true,
  attempts: true,
  not_before: true,
  provider_message_id: true,
  sending_at: true,
  sent_at: true,
  delivered_at: true,
  failed_at: true,
};

export async function updateMessage(db: Db, id: string, changes: MessageChanges): Promise<void> {
  const columns = (Object.keys(changes) as (keyof MessageChanges)[]).filter(
    (column) => CHANGEABLE[column] === true && changes[column] !== undefined,
  );
  if (columns.length === 0) return;
  await db.query(
    `update customer_messages set ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')}
      where id = $1`,
    [id, ...columns.map((column) => changes[column] ?? null)],
  );
}

/**
 * A provider took the message: its id, and its state unless a receipt already moved it on (a status callback may
 * come before the send's answer is stored).
 */
export async function recordAccepted(
  db: Db,
  id: string,
  accepted: { state: 'sent' | 'delivered'; providerMessageId: string | null; at: Date },
): Promise<void> {
  await db.query(
    `update customer_messages
        set provider_message_id = coalesce(provider_message_id, $2),
            state = case when state = 'sending' then $3 else state end,
            error = case when state = 'sending' then null else error end,
            sent_at = coalesce(sent_at, $4),
            delivered_at = case when state = 'sending' and $3 = 'delivered' then $4 else delivered_at end
      where id = $1`,
    [id, accepted.providerMessageId, accepted.state, accepted.at],
  );
}

/**
 * A provider's report on a message: applied only when it moves the message on (receipts may come out of order,
 * and twice). The message is named by our id when the provider carries it, else by the provider's id.
 */
export async function applyReport(
  db: Db,
  report: {
    provider: string;
    messageId: string | null;
    providerMessageId: string | null;
    state: 'sent' | 'delivered' | 'failed';
    error: string | null;
    at: Date;
    laterThan: readonly MessageState[];
  },
): Promise<MessageRow | null> {
  const [row] = await db.query<MessageRow>(
    `update customer_messages
        set state = $4,
            error = coalesce($5, error),
            provider_message_id = coalesce(provider_message_id, $3),
            sent_at = coalesce(sent_at, $6),
            delivered_at = case when $4 = 'delivered' then $6 else delivered_at end,
            failed_at = case when $4 = 'failed' then $6 else failed_at end
      where provider = $1
        and (($2::uuid is not null and id = $2::uuid) or ($2::uuid is null and provider_message_id = $3))
        and ($3::text is null or provider_message_id is null or provider_message_id = $3)
        and state = any($7::text[])
      returning ${MESSAGE_COLUMNS}`,
    [
      report.provider,
      report.messageId,
      report.providerMessageId,
      report.state,
      report.error,
      report.at,
      report.laterThan,
    ],
  );
  return row ?? null;
}

/** Counts one more message of the merchant today; false once the day's cap is reached (nothing counted). */
export async function countAgainstCap(tx: Db, merchantId: string, day: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const rows = await tx.query(
    `insert into message_daily_counts as c (merchant_id, day, sent) values ($1, $2::date, 1)
     on conflict (merchant_id, day) do update set sent = c.sent + 1 where c.sent < $3
     returning sent`,
    [merchantId, day, cap],
  );
  return rows.length > 0;
}

export interface RecipientRow {
  merchant_id: string;
  recipient: string;
  opted_out_at: Date | null;
  language: MessageLanguage | null;
}

export async function findRecipient(db: Db, merchantId: string, recipient: string): Promise<RecipientRow | null> {
  const [row] = await db.query<RecipientRow>(
    `select merchant_id, recipient, opted_out_at, language from message_recipients
      where merchant_id = $1 and recipient = $2`,
    [merchantId, recipient],
    { prepare: true },
  );
  return row ?? null;
}

/** A customer's STOP (at a time) or START (null), or the language they asked for. */
export async function saveRecipient(
  db: Db,
  merchantId: string,
  recipient: string,
  change: { optedOutAt?: Date | null; language?: MessageLanguage },
  at: Date,
): Promise<void> {
  await db.query(
    `insert into message_recipients as r (merchant_id, recipient, opted_out_at, language, updated_at)
     values ($1, $2, $3, $4, $5)
     on conflict (merchant_id, recipient) do update
       set opted_out_at = case when $6 then excluded.opted_out_at else r.opted_out_at end,
           language = coalesce(excluded.language, r.language),
           updated_at = excluded.updated_at`,
    [merchantId, recipient, change.optedOutAt ?? null, change.language ?? null, at, change.optedOutAt !== undefined],
  );
}

/** The message a reply answers: by the provider's id when it names one, else the latest sent to that address. */
export async function messageRepliedTo(
  db: Db,
  reply: { provider: string; channel: MessageChannel; sender: string; contextId: string | null },
): Promise<MessageRow | null> {
  if (reply.contextId) {
    const [row] = await db.query<MessageRow>(
      `select ${MESSAGE_COLUMNS} from customer_messages where provider = $1 and provider_message_id = $2`,
      [reply.provider, reply.contextId],
    );
    if (row) return row;
  }
  const [row] = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from customer_messages
      where recipient = $1 and channel = $2 and state in ('sending', 'sent', 'delivered', 'failed')
      order by seq desc limit 1`,
    [reply.sender, reply.channel],
  );
  return row ?? null;
}

export interface ReplyRow {
  id: string;
  provider: string;
  channel: MessageChannel;
  sender: string;
  text: string;
  intent: string;
  order_id: string | null;
  merchant_id: string | null;
  received_at: Date;
}

/** Records a reply once per provider message (a provider retrying its webhook adds nothing): false when seen. */
export async function insertReply(db: Db, reply: ReplyRow & { provider_message_id: string }): Promise<boolean> {
  const rows = await db.query(
    `insert into customer_message_replies (id, provider, provider_message_id, channel, sender, text, intent,
       order_id, merchant_id, received_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (provider, provider_message_id) do nothing
     returning 1`,
    [
      reply.id,
      reply.provider,
      reply.provider_message_id,
      reply.channel,
      reply.sender,
      reply.text,
      reply.intent,
      reply.order_id,
      reply.merchant_id,
      reply.received_at,
    ],
  );
  return rows.length > 0;
}

export async function messagesOfOrder(db: Db, orderId: string): Promise<MessageRow[]> {
  return db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from customer_messages where order_id = $1 order by seq`, [
    orderId,
  ]);
}

export async function repliesOfOrder(db: Db, orderId: string): Promise<ReplyRow[]> {
  return db.query<ReplyRow>(
    `select id::text as id, provider, channel, sender, text, intent, order_id, merchant_id, received_at
       from customer_message_replies where order_id = $1 order by seq`,
    [orderId],
  );
}

/** The newest messages the embedded outbox channel kept (the development outbox page); `to` one number only. */
export async function outboxMessages(db: Db, limit: number, to: string | null): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from customer_messages
      where provider = 'outbox' and channel <> 'email' and state = 'delivered'
        and ($2::text is null or recipient = $2)
      order by seq desc limit $1`,
    [limit, to],
  );
}
