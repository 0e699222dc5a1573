-- Bulk orders from a spreadsheet (spec §3 bulk job, §4 bulk flow; docs/decisions/050-bulk-orders.md).
-- A job is one uploaded file of one vendor; its rows keep what the merchant wrote, the outcome of the
-- checks and, once placed, the order each became.
create table bulk_jobs (
  bulk_job_id uuid primary key,
  vendor_id text not null references vendors (vendor_id),
  created_by uuid references users (id) on delete set null,
  -- A GoDroid partner has no user: its vendor is the job's actor.
  created_by_partner text,
  file_name text,
  created_at timestamptz not null,
  status text not null check (status in (
    'PREPROCESS_SUCCESS', 'PREPROCESS_SUCCESS_WITH_ERROR', 'PREPROCESS_FAIL',
    'ORDER_PLACEMENT_SUCCESS', 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR', 'ORDER_PLACEMENT_FAIL', 'UNKNOWN')),
  placement text not null default 'NOT_STARTED' check (placement in ('NOT_STARTED', 'IN_PROGRESS', 'DONE')),
  placement_requested_at timestamptz,
  total_rows integer not null check (total_rows >= 0),
  currency text not null
);

-- The history lists a vendor's jobs newest first.
create index bulk_jobs_vendor_created on bulk_jobs (vendor_id, created_at desc);

create table bulk_job_rows (
  bulk_job_id uuid not null references bulk_jobs (bulk_job_id) on delete cascade,
  row_number integer not null check (row_number > 0),
  status text not null check (status in ('VALID', 'INVALID', 'PLACED', 'FAILED')),
  error_key text,
  error_field text,
  error_values jsonb,
  -- The cells as read, bounded by the reader (domain bulk/bulk-sheet.ts).
  input jsonb not null,
  -- The checked order of a VALID row: the body a single order would have sent, fee and signature included.
  order_body jsonb,
  delivery_fee_minor bigint,
  collection_point_id text not null,
  scheduled_for timestamptz,
  -- Set in the transaction that creates the order, so a row becomes at most one order.
  order_id text references orders (order_id),
  primary key (bulk_job_id, row_number)
);
