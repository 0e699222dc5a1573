-- Issue 37, decision 175: a handover PIN per outlet or per order, the rider's tries, and the exception an order is
-- flagged with for a person to solve.
alter table vendors add column handover_pin_required boolean not null default false;

-- Four digits the customer is sent and reads on the tracking page; kept as it is, as it is shown to the customer.
alter table orders add column handover_pin text;
-- Wrong PINs a rider gave; at the limit the order is locked and flagged.
alter table orders add column handover_pin_attempts integer not null default 0;
-- When the rider gave the right PIN (the merchant's proofs show it).
alter table orders add column handover_pin_checked_at timestamptz;

-- The exception the order is flagged with for a person to solve, and since when; null when none. Kept on the order
-- itself so that every reader of orders (the operators' live board, the merchant's detail, the merchant API) has it
-- with the order and the board finds the flagged ones by the index below. handover_pin_failed: the rider gave the
-- wrong PIN too often. Solving it (the console's action) clears both columns, with its audit entry.
alter table orders add column exception text check (exception in ('handover_pin_failed'));
alter table orders add column exception_at timestamptz;
create index orders_exception_idx on orders (exception_at) where exception is not null;
