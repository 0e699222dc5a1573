-- Online card payment (spec §3 payment state, §4 payment phases, §7 payment calls). Card numbers never
-- reach these tables: the provider's hosted fields turn them into a token, and we keep only what a
-- merchant needs to recognise a card (scheme, first six and last four digits, expiry, holder name).

-- The payment state of an order as its screens show it; the payments ledger below is the record these
-- figures reconcile with (capture minus refunds = paid minus refunded).
alter table orders
  add column payment_status text,
  add column paid_minor bigint not null default 0 check (paid_minor >= 0),
  add column refunded_minor bigint not null default 0 check (refunded_minor >= 0),
  add column card_scheme text,
  add column card_last4 text;

-- spec §7 POST /order/payment/auth/{vendorId}: a short-lived wallet the hosted card fields tokenise into.
create table payment_wallets (
  wallet_id text primary key,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- sha256 of the access token: the token itself is shown once, to its caller.
  access_token_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index payment_wallets_expires_idx on payment_wallets (expires_at);

-- spec §7 POST /order/payment/intent: the amount to collect, fixed from a signed fee quote.
create table payment_intents (
  intent_id text primary key,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  wallet_id text not null references payment_wallets (wallet_id) on delete cascade,
  provider text not null,
  provider_intent_id text not null,
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null,
  -- created, confirmed (an order was placed with it), expired
  status text not null,
  idempotency_key text,
  -- The first answer to a confirm, replayed to a retry with the same key (a confirm never charges twice).
  order_id text references orders (order_id) on delete set null,
  confirm_key text,
  confirm_answer jsonb,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  unique (user_id, idempotency_key)
);

-- Saved cards (spec §3 creditCards): the provider's reusable instrument and how to show it.
create table saved_cards (
  card_id text primary key,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  provider text not null,
  instrument_ref text not null,
  scheme text not null,
  bin text not null check (bin ~ '^[0-9]{6}$'),
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  holder_name text not null,
  created_at timestamptz not null
);
create index saved_cards_owner_idx on saved_cards (user_id, vendor_id, created_at desc);

-- One row per movement of money at the provider: authorisation, capture, refund.
create table payment_ledger (
  id bigint generated always as identity primary key,
  order_id text not null references orders (order_id) on delete cascade,
  vendor_id text not null,
  kind text not null check (kind in ('authorisation', 'capture', 'refund')),
  -- pending (sent, no answer yet), succeeded, failed
  status text not null check (status in ('pending', 'succeeded', 'failed')),
  amount_minor bigint not null check (amount_minor >= 0),
  currency text not null,
  provider text not null,
  provider_ref text,
  failure_code text,
  idempotency_key text not null unique,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payment_ledger_order_idx on payment_ledger (order_id, id);

-- Webhook deliveries already applied: a replayed delivery (same event id) changes nothing.
create table payment_webhook_events (
  provider text not null,
  event_id text not null,
  received_at timestamptz not null,
  primary key (provider, event_id)
);

-- The embedded sandbox processor's own book of payments (decision 060): what a real processor keeps on
-- its side. It holds no card data either, only the test card's behaviour and the amounts.
create table sandbox_provider_payments (
  payment_ref text primary key,
  idempotency_key text not null unique,
  provider_intent_id text not null,
  behaviour text not null,
  card_last4 text not null,
  -- processing, challenge, authorised, failed, captured
  status text not null,
  amount_minor bigint not null,
  currency text not null,
  captured_minor bigint not null default 0,
  refunded_minor bigint not null default 0,
  return_url text not null,
  created_at timestamptz not null
);
