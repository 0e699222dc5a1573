-- Guests and embedded partners (spec §1, §4, §6; docs/decisions/080-guest-sessions.md and
-- 081-partner-tokens.md).

-- A guest acts for a vendor of its own, so every query scoped by the caller's vendors keeps one guest's
-- orders from another's. Guest vendors are not listed to operators as merchants.
alter table vendors add column is_guest boolean not null default false;

-- One row per guest session. The challenge that was solved to open it is kept as its sha256 so each
-- challenge opens one session only; claimed_by is the account that took the guest's orders over
-- (registration or login), after which the guest token is no longer honoured.
create table guest_sessions (
  id uuid primary key,
  vendor_id text not null unique references vendors (vendor_id) on delete cascade,
  challenge_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  claimed_by uuid references users (id) on delete set null,
  claimed_at timestamptz
);

-- Tokens operators mint for partner apps (GODROID). Only the token's sha256 is kept.
create table partner_tokens (
  id uuid primary key,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  token_hash text not null unique,
  label text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index partner_tokens_vendor_idx on partner_tokens (vendor_id);

-- A live socket may also be opened by a guest, who acts for its own guest vendor.
alter table live_tickets drop constraint live_tickets_check;
alter table live_tickets drop constraint live_tickets_caller_kind_check;
alter table live_tickets add constraint live_tickets_caller_kind_check
  check (caller_kind in ('user', 'godroid', 'guest'));
alter table live_tickets add constraint live_tickets_check check (
  (caller_kind = 'user' and user_id is not null and session_id is not null)
  or (caller_kind in ('godroid', 'guest') and vendor_id is not null)
);
