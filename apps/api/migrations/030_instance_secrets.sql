-- Secrets every API instance on this database shares (docs/decisions/030-operations-hardening.md).

-- Generated values kept once for all instances, e.g. the token-signing secret when AUTH_SECRET is not
-- set: instances starting together insert with `on conflict do nothing` and read back the one that won.
create table instance_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- One-time tickets that open a live socket (POST /api/v1/live/ticket, then /live?ticket=…), so the
-- long-lived access token never travels in a URL. Only the ticket's sha256 is kept; opening a socket
-- deletes the row, so a ticket works once on whichever instance receives it.
create table live_tickets (
  ticket_hash text primary key,
  -- 'user' (a login's session) or 'godroid' (an embedded partner naming one vendor).
  caller_kind text not null check (caller_kind in ('user', 'godroid')),
  user_id uuid references users (id) on delete cascade,
  session_id uuid references sessions (id) on delete cascade,
  vendor_id text,
  -- When the token that asked for the ticket expires: the socket closes then (decision 024).
  token_expires_at timestamptz not null,
  expires_at timestamptz not null,
  check (
    (caller_kind = 'user' and user_id is not null and session_id is not null)
    or (caller_kind = 'godroid' and vendor_id is not null)
  )
);
create index live_tickets_expires_idx on live_tickets (expires_at);
