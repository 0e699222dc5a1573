-- Insights (issue 39, docs/decisions/172-insights-rollups.md): rollups of every finished order, written in the
-- transaction of the step that finishes it, per vendor and per day (and hour) in the country's time zone. Derived
-- data: `npm run ops -- insights-rebuild` writes them again from the orders, so they reference nothing.

-- The minutes to the drop-off the request was given (pickup ETA plus delivery ETA at request time), counted from
-- the order or its pre-ordered time: the promise on-time deliveries are measured against. The order's ETA columns
-- follow the rider afterwards. Unknown (null) for orders placed before this column.
alter table orders add column requested_eta_minutes integer;

-- Finished orders per vendor, day, final status, cancel reason ('' for none) and payment method: counts, the sums
-- the statement's money is made of, and the on-time count of those measured.
create table insights_daily (
  vendor_id text not null,
  day date not null,
  status text not null,
  cancel_reason text not null,
  payment_method text not null,
  orders integer not null,
  delayed integer not null,
  vouchered integer not null,
  fee_minor bigint not null,
  discount_minor bigint not null,
  amount_minor bigint not null,
  on_time integer not null,
  measured integer not null,
  primary key (vendor_id, day, status, cancel_reason, payment_method)
);

-- Finished orders per vendor, day and hour placed: the hour-of-the-week heat map.
create table insights_hourly (
  vendor_id text not null,
  day date not null,
  hour smallint not null,
  orders integer not null,
  primary key (vendor_id, day, hour)
);

-- Histograms with fixed buckets (the domain's insights/figures.ts bounds): delivery time and pickup wait, so the
-- median and the 90th percentile come from the rollups, not from the orders.
create table insights_durations (
  vendor_id text not null,
  day date not null,
  measure text not null,
  bucket smallint not null,
  orders integer not null,
  primary key (vendor_id, day, measure, bucket)
);

-- What the rollups were built with: another time zone or other buckets make the server build them again.
create table insights_state (
  id boolean primary key default true check (id),
  time_zone text not null,
  layout text not null,
  built_at timestamptz not null
);

-- The orders not finished yet, per vendor: insights count them live (a handful per vendor, where the index of
-- migration 020 holds every vendor's).
create index orders_vendor_unfinished_idx on orders (vendor_id, created_at)
  where status not in ('DELIVERED', 'RETURNED_TO_VENDOR', 'CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED');
