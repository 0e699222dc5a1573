-- Issue 37, decision 175: messages to the customer (SMS, WhatsApp, e-mail) at the moments the outlet chose.

-- An outlet's choices (Settings → Customer messages). An outlet without a row sends nothing.
create table customer_message_settings (
  vendor_id text primary key references vendors (vendor_id) on delete cascade,
  -- {"order_confirmed": {"enabled": true, "channel": "sms"}, ...}: one entry per trigger.
  triggers jsonb not null,
  -- The language of a customer who chose none (by replying) and whose order names none.
  language text not null default 'en',
  -- 'HHMM:HHMM' in the country's time zone: messages due inside wait for the end (decision 175).
  quiet_hours text,
  updated_at timestamptz not null,
  updated_by uuid references users (id) on delete set null
);

-- Every message an order sends, with its text as sent and its state. (order_id, kind) is unique: the step that
-- records a message and its job commit together, so a restart, a retried job or a second instance finds the row
-- and records nothing twice.
create table customer_messages (
  id uuid primary key,
  -- The order messages were recorded in (several may share an instant).
  seq bigint generated always as identity,
  order_id text not null references orders (order_id) on delete cascade,
  vendor_id text not null,
  -- The merchant: the outlet's parent vendor, or the vendor itself. Opt-outs and the daily cap are the merchant's.
  merchant_id text not null,
  kind text not null,
  channel text not null check (channel in ('sms', 'whatsapp', 'email')),
  -- outbox, twilio, gateway, cloud, smtp: where it was sent, so a receipt is matched within its provider.
  provider text not null,
  -- E.164 for sms and whatsapp, the address for email.
  recipient text not null,
  language text not null,
  body text not null,
  state text not null default 'queued'
    check (state in ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')),
  skip_reason text,
  error text,
  -- Attempts handed to the provider (a refused attempt that may be retried is queued again).
  attempts integer not null default 0,
  -- Not before this instant (quiet hours).
  not_before timestamptz,
  provider_message_id text,
  created_at timestamptz not null,
  sending_at timestamptz,
  sent_at timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz,
  unique (order_id, kind)
);
-- A reply is matched to the latest message sent to its number.
create index customer_messages_recipient_idx on customer_messages (recipient, seq desc);
create unique index customer_messages_provider_idx on customer_messages (provider, provider_message_id)
  where provider_message_id is not null;

-- What a customer told a merchant by replying: STOP (and START), and the language to be written to in.
create table message_recipients (
  merchant_id text not null,
  recipient text not null,
  opted_out_at timestamptz,
  language text,
  updated_at timestamptz not null,
  primary key (merchant_id, recipient)
);

-- Replies as received, kept with the order of the message they answer. A provider's retried webhook is one row.
create table customer_message_replies (
  id uuid primary key,
  seq bigint generated always as identity,
  provider text not null,
  provider_message_id text not null,
  channel text not null,
  sender text not null,
  text text not null,
  intent text not null,
  order_id text references orders (order_id) on delete cascade,
  merchant_id text,
  received_at timestamptz not null,
  unique (provider, provider_message_id)
);
create index customer_message_replies_order_idx on customer_message_replies (order_id);

-- Messages handed to a provider per merchant and day (country time zone): the daily cap, counted in the claim of
-- each message so two instances cannot both pass it.
create table message_daily_counts (
  merchant_id text not null,
  day date not null,
  sent integer not null,
  primary key (merchant_id, day)
);

-- The customer's e-mail (the e-mail channel) and the language the merchant chose for this customer.
alter table orders add column customer_email text;
alter table orders add column customer_language text;
