-- Exports sent by e-mail (issue "Order history", docs/decisions/047-e-mailed-exports.md). A row is one
-- request: its filters, how far the background job has got, and, once built, the file itself, kept in the
-- database (so every API instance serves it, on PGlite and PostgreSQL alike) until its link expires.
create table order_export_jobs (
  export_id uuid primary key,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  email text not null,
  format text not null check (format in ('csv', 'xlsx')),
  -- The filters as the contract checked them (from, to, include_outlets, status, search, lang).
  filters jsonb not null,
  status text not null check (status in ('QUEUED', 'RUNNING', 'READY', 'FAILED')),
  done_rows integer not null default 0 check (done_rows >= 0),
  total_rows integer check (total_rows >= 0),
  error_key text,
  file_name text,
  content_type text,
  file bytea,
  created_at timestamptz not null,
  completed_at timestamptz,
  -- Set when the file is ready: the signed link and the file end here.
  expires_at timestamptz,
  mailed_at timestamptz
);

-- The history page lists the caller's recent requests of a vendor, newest first.
create index order_export_jobs_vendor_user_idx on order_export_jobs (vendor_id, user_id, created_at desc);
create index order_export_jobs_expires_idx on order_export_jobs (expires_at) where expires_at is not null;
