-- Live tracking: riders as real records, the dispatch columns of an order, declined offers and proof photos
-- (docs/decisions/024-live-tracking.md).

-- The foundation named the free state AVAILABLE (the pricing estimate reads it); ASSIGNED is added.
update riders set state = 'OFFLINE' where state not in ('AVAILABLE', 'ASSIGNED', 'OFFLINE');
alter table riders
  add constraint riders_state_check check (state in ('AVAILABLE', 'ASSIGNED', 'OFFLINE')),
  add column heading double precision check (heading is null or (heading >= 0 and heading < 360)),
  add column updated_at timestamptz not null default now(),
  add column current_order_id text references orders (order_id) on delete set null,
  -- Driven by the built-in fleet simulator instead of a rider app.
  add column is_simulated boolean not null default false;
create index riders_available_idx on riders (state) where state = 'AVAILABLE';

alter table orders
  add column rider_id uuid references riders (id) on delete set null,
  -- When the order started waiting for a rider: the no_courier time limit counts from here.
  add column dispatch_started_at timestamptz,
  add column offer_expires_at timestamptz,
  add column cancel_reason text,
  -- spec §3 "latest-arrival time when delayed".
  add column latest_arrival_at timestamptz;

-- spec §7 order list: keyset pagination on (created_at desc, order_id desc), per vendor and per parent.
create index orders_vendor_created_id_idx on orders (vendor_id, created_at desc, order_id desc);
create index orders_vendor_preordered_idx on orders (vendor_id, preordered_for) where preordered_for is not null;
-- The live catch-up after a reconnect reads what changed since a time.
create index orders_vendor_updated_idx on orders (vendor_id, updated_at);
-- The dispatcher only ever scans orders still in flight.
create index orders_in_flight_idx on orders (status)
  where status not in ('DELIVERED', 'RETURNED_TO_VENDOR', 'CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED');
create index orders_rider_idx on orders (rider_id) where rider_id is not null;

-- An offer a rider declined or let expire is not made to that rider again.
create table rider_declines (
  order_id text not null references orders (order_id) on delete cascade,
  rider_id uuid not null references riders (id) on delete cascade,
  reason text not null check (reason in ('declined', 'expired')),
  created_at timestamptz not null,
  primary key (order_id, rider_id)
);

-- Proof photos of collection, delivery and return (spec §1); at most 2 MB, JPEG or PNG, checked on upload.
create table order_proofs (
  order_id text not null references orders (order_id) on delete cascade,
  kind text not null check (kind in ('pickup', 'delivery', 'return')),
  content_type text not null check (content_type in ('image/jpeg', 'image/png')),
  bytes bytea not null check (octet_length(bytes) <= 2097152),
  rider_id uuid references riders (id) on delete set null,
  created_at timestamptz not null,
  primary key (order_id, kind)
);
