-- Issue 37, decision 176: a handover PIN per outlet or per order, the rider's tries, and the exceptions an order
-- can be flagged with for a person to solve.
alter table vendors add column handover_pin_required boolean not null default false;

-- Four digits the customer is sent and reads on the tracking page; kept as it is, as it is shown to the customer.
alter table orders add column handover_pin text;
-- Wrong PINs a rider gave; at the limit the order is locked and flagged.
alter table orders add column handover_pin_attempts integer not null default 0;
-- When the rider gave the right PIN (the merchant's proofs show it).
alter table orders add column handover_pin_checked_at timestamptz;

create table order_exceptions (
  id uuid primary key,
  order_id text not null references orders (order_id) on delete cascade,
  vendor_id text not null,
  -- handover_pin_failed: the rider gave the wrong PIN too often.
  kind text not null,
  detail text,
  created_at timestamptz not null,
  resolved_at timestamptz,
  resolved_by text
);
-- An order has one open exception of a kind; the operators' list is of the open ones, oldest first.
create unique index order_exceptions_open_idx on order_exceptions (order_id, kind) where resolved_at is null;
create index order_exceptions_list_idx on order_exceptions (created_at) where resolved_at is null;
