-- Issue 35, decision 152: a vendor's webhook endpoints and the deliveries of events to them.
create table webhook_endpoints (
  id uuid primary key,
  vendor_id text not null references vendors (vendor_id),
  url text not null,
  -- The event types the merchant chose (order.status_changed, order.created, ...).
  events text[] not null,
  -- The signing secret, sealed with AES-256-GCM under a key derived from AUTH_SECRET (secret-box.ts):
  -- it must be read back to sign, so it cannot be hashed.
  secret_sealed text not null,
  -- Failed attempts in a row over all its deliveries; reset by a success. At the limit it is disabled.
  consecutive_failures integer not null default 0,
  disabled_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index webhook_endpoints_vendor_idx on webhook_endpoints (vendor_id);

create table webhook_deliveries (
  id uuid primary key,
  -- The order events of one order reach an endpoint in this order: a delivery waits for earlier ones.
  seq bigint generated always as identity,
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  -- The same on every attempt (X-Webhook-Event-Id): receivers drop repeats by it.
  event_id uuid not null,
  -- No foreign key: the delivery log is kept as it was sent.
  order_id text not null,
  event_type text not null,
  -- The exact bytes signed and sent.
  body text not null,
  state text not null default 'pending' check (state in ('pending', 'sending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  -- While 'sending': when a worker that died mid-attempt is presumed gone and the attempt may be taken again.
  claimed_until timestamptz,
  first_attempt_at timestamptz,
  last_status_code integer,
  last_latency_ms integer,
  last_error text,
  created_at timestamptz not null,
  finished_at timestamptz,
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_order_idx on webhook_deliveries (endpoint_id, order_id, seq)
  where state in ('pending', 'sending');
create index webhook_deliveries_recent_idx on webhook_deliveries (endpoint_id, created_at desc);
