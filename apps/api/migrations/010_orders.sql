-- "Request a rider": orders with their status history, vouchers and idempotency keys.
-- Money in minor units (bigint), times as timestamptz (ARCHITECTURE.md).

-- The delivery area is read as GeoJSON order: {"type":"polygon","coordinates":[[lng,lat],...]}
-- (docs/decisions/010-request-a-rider-server.md), or {"type":"radius","radius_km":8} around the outlet.
comment on column vendors.delivery_area is
  '{"type":"radius","radius_km":n} around the outlet, or {"type":"polygon","coordinates":[[lng,lat],...]} (GeoJSON order)';

-- Readable order ids are '<vendor prefix>-<n>'; one sequence keeps n unique across vendors without a
-- per-vendor counter row that every concurrent create would have to lock.
create sequence order_number_seq start with 100001;

create table orders (
  order_id text primary key,
  vendor_id text not null references vendors (vendor_id),
  -- For the public tracking pages: 256 random bits, base64url; never derived from the order id.
  tracking_token text not null unique,
  created_by uuid references users (id) on delete set null,
  status text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  preordered_for timestamptz,
  currency text not null,
  delivery_fee_minor bigint not null check (delivery_fee_minor >= 0),
  discount_minor bigint not null default 0 check (discount_minor >= 0),
  voucher_code text,
  voucher_type text,
  -- The voucher's value when the order was placed: an edit re-prices the fee with the same discount.
  voucher_value numeric(12, 2),
  distance_m integer not null,
  pickup_eta_minutes integer,
  delivery_eta_minutes integer,
  customer_name text not null,
  customer_phone text not null,
  customer_address text not null,
  customer_notes text,
  customer_latitude double precision not null,
  customer_longitude double precision not null,
  pickup_address text,
  pickup_notes text,
  pickup_latitude double precision not null,
  pickup_longitude double precision not null,
  sender_name text,
  sender_email text,
  sender_phone text,
  amount_minor bigint,
  description text,
  payment_method text not null,
  cold_bag_needed boolean not null default false,
  vat_number text,
  age_validation_required boolean not null default false,
  login_pickup_estimation integer
);
create index orders_vendor_created_idx on orders (vendor_id, created_at desc);
-- The address book looks customers up per vendor by phone, newest first.
create index orders_vendor_phone_idx on orders (vendor_id, customer_phone, created_at desc);

create table order_status_history (
  id bigint generated always as identity primary key,
  order_id text not null references orders (order_id) on delete cascade,
  status text not null,
  created_at timestamptz not null
);
create index order_status_history_order_idx on order_status_history (order_id, id);

-- spec §3 order amount types: amount (major units off the fee), percentage, deliveryFee (free delivery).
create table vouchers (
  code text primary key check (code = upper(code)),
  type text not null check (type in ('amount', 'percentage', 'deliveryFee')),
  -- amount: major units; percentage: 0-100; deliveryFee: unused (0).
  value numeric(12, 2) not null default 0 check (value >= 0),
  currency text not null,
  description text,
  -- null: every vendor.
  vendor_id text references vendors (vendor_id) on delete cascade,
  is_active boolean not null default true,
  valid_from timestamptz,
  valid_until timestamptz,
  created_at timestamptz not null default now(),
  check (type <> 'percentage' or value <= 100)
);

-- POST /order retries (spec §7: 3 retries) replay the first answer. The row is inserted in the same
-- transaction as the order, so a concurrent duplicate waits on the primary key and then replays.
create table idempotency_keys (
  owner text not null,
  key text not null,
  request_hash text not null,
  -- Filled before the transaction commits, so a committed row always has its answer.
  status_code integer,
  response jsonb,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (owner, key)
);
create index idempotency_keys_expires_idx on idempotency_keys (expires_at);
