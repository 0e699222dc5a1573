-- The book of cash on delivery, card payments, settlements and payouts (issue 38, docs/decisions/178-ledger.md):
-- one double-entry ledger. Amounts are signed minor units, debit positive, credit negative; every transaction's
-- entries sum to zero (checked at commit by a deferred constraint trigger) and an account's balance is the sum of
-- its entries (kept in the account row by the writer, checked by the nightly invariant job).

create table ledger_accounts (
  -- merchant:<vendor>, merchant-payable:<vendor>, rider:<rider>, platform:<purpose>
  account_id text primary key,
  kind text not null check (kind in ('merchant', 'merchant-payable', 'rider', 'platform')),
  owner_id text not null,
  currency text not null,
  balance_minor bigint not null default 0,
  created_at timestamptz not null
);

create table ledger_transactions (
  transaction_id bigint generated always as identity primary key,
  -- The step, movement or run that causes it: written once, whatever retries it.
  idempotency_key text not null unique,
  kind text not null,
  order_id text,
  -- The merchant it concerns (settlements and the Finance page read by it); null for a rider's deposit.
  vendor_id text,
  occurred_at timestamptz not null,
  memo text
);
create index ledger_transactions_vendor_idx on ledger_transactions (vendor_id, occurred_at);
create index ledger_transactions_order_idx on ledger_transactions (order_id);

create table ledger_entries (
  entry_id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (transaction_id),
  account_id text not null references ledger_accounts (account_id),
  amount_minor bigint not null check (amount_minor <> 0)
);
create index ledger_entries_account_idx on ledger_entries (account_id, transaction_id);
create index ledger_entries_transaction_idx on ledger_entries (transaction_id);

-- A transaction that does not balance cannot commit, whoever writes it.
create function ledger_transaction_balanced() returns trigger language plpgsql as $$
declare
  unbalanced bigint;
begin
  select coalesce(sum(amount_minor), 0) into unbalanced from ledger_entries where transaction_id = new.transaction_id;
  if unbalanced <> 0 then
    raise exception 'ledger transaction % does not balance (%)', new.transaction_id, unbalanced;
  end if;
  return null;
end $$;
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_transaction_balanced();

-- History is never edited: a correction is another transaction.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger % rows are never changed', tg_table_name;
end $$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_append_only();

-- Cash riders hand in, recorded by an operator; the receipt number is the deposit's key.
create table rider_cash_deposits (
  deposit_id uuid primary key,
  rider_id uuid not null references riders (id),
  amount_minor bigint not null check (amount_minor > 0),
  place text not null,
  receipt_number text not null unique,
  recorded_by uuid not null references operators (id),
  transaction_id bigint not null references ledger_transactions (transaction_id),
  created_at timestamptz not null
);
create index rider_cash_deposits_rider_idx on rider_cash_deposits (rider_id, created_at desc);

-- Each merchant's settlement schedule and where its payouts go; a merchant without a row is settled weekly on
-- Mondays and its payout instruction is left blank for finance to complete.
create table settlement_schedules (
  vendor_id text primary key references vendors (vendor_id) on delete cascade,
  frequency text not null check (frequency in ('daily', 'weekly')),
  -- ISO weekday (1 Monday … 7 Sunday) of a weekly schedule.
  weekday smallint not null default 1 check (weekday between 1 and 7),
  payout_method text check (payout_method in ('bank_transfer', 'easypaisa', 'jazzcash')),
  account_title text,
  account_number text,
  bank_name text,
  updated_at timestamptz not null
);

create table settlements (
  settlement_id uuid primary key,
  vendor_id text not null,
  -- The period closed: the run settles what the merchant's account held before period_end.
  period_end timestamptz not null,
  credited_minor bigint not null,
  charged_minor bigint not null,
  net_minor bigint not null,
  status text not null check (status in ('pending', 'paid')),
  payout_method text,
  account_title text,
  account_number text,
  bank_name text,
  paid_reference text,
  paid_at timestamptz,
  paid_by uuid references operators (id),
  transaction_id bigint references ledger_transactions (transaction_id),
  created_at timestamptz not null,
  -- A period is settled once per merchant, whatever reruns the job.
  unique (vendor_id, period_end)
);
create index settlements_status_idx on settlements (status, created_at);

-- Which transactions a settlement took: a transaction is settled once (its primary key says so).
create table settled_transactions (
  transaction_id bigint primary key references ledger_transactions (transaction_id),
  settlement_id uuid not null references settlements (settlement_id)
);
create index settled_transactions_settlement_idx on settled_transactions (settlement_id);

-- A settlement's lines: one per order (and one for the merchant's transactions of no order).
create table settlement_lines (
  line_id uuid primary key,
  settlement_id uuid not null references settlements (settlement_id),
  order_id text,
  credited_minor bigint not null,
  charged_minor bigint not null,
  net_minor bigint not null,
  -- none, open (the merchant flagged it), resolved (an operator answered with an adjusting entry)
  dispute_status text not null default 'none' check (dispute_status in ('none', 'open', 'resolved')),
  dispute_reason text,
  disputed_at timestamptz,
  resolution_note text,
  adjustment_minor bigint,
  resolved_at timestamptz,
  resolved_by uuid references operators (id)
);
create index settlement_lines_settlement_idx on settlement_lines (settlement_id);

-- The nightly check of the book: one row per run, with what it found.
create table ledger_invariant_reports (
  report_id uuid primary key,
  checked_at timestamptz not null,
  transactions integer not null,
  accounts integer not null,
  breaches jsonb not null
);
create index ledger_invariant_reports_checked_idx on ledger_invariant_reports (checked_at desc);

-- The card payments' movements confirmed before this book existed come in as its opening transactions, with the
-- keys the payments module posts them with since (card:<payment key>), so one book holds every card movement.
insert into ledger_accounts (account_id, kind, owner_id, currency, created_at)
select distinct 'merchant:' || vendor_id, 'merchant', vendor_id, currency, now()
  from payment_ledger where status = 'succeeded' and kind in ('capture', 'refund')
on conflict do nothing;
insert into ledger_accounts (account_id, kind, owner_id, currency, created_at)
select distinct 'platform:card', 'platform', 'card', currency, now()
  from payment_ledger where status = 'succeeded' and kind in ('capture', 'refund')
on conflict do nothing;
insert into ledger_transactions (idempotency_key, kind, order_id, vendor_id, occurred_at, memo)
select 'card:' || idempotency_key, case kind when 'capture' then 'card_capture' else 'card_refund' end,
       order_id, vendor_id, updated_at, 'opening'
  from payment_ledger where status = 'succeeded' and kind in ('capture', 'refund') and amount_minor > 0
  order by id;
insert into ledger_entries (transaction_id, account_id, amount_minor)
select t.transaction_id, e.account_id, e.amount_minor
  from ledger_transactions t
  join payment_ledger p on t.idempotency_key = 'card:' || p.idempotency_key
  cross join lateral (values
    ('platform:card', case p.kind when 'capture' then p.amount_minor else -p.amount_minor end),
    ('merchant:' || p.vendor_id, case p.kind when 'capture' then -p.amount_minor else p.amount_minor end)
  ) as e (account_id, amount_minor);
update ledger_accounts a set balance_minor = coalesce((select sum(amount_minor) from ledger_entries e where e.account_id = a.account_id), 0);
