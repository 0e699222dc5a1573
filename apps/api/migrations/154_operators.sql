-- The operator console's accounts, sessions and audit log (issue 36, decisions 169 and 170). Operators are not
-- merchants: none of these rows is a user's, and no vendor scopes them.

create table operators (
  id uuid primary key,
  -- typed in any case; stored lowercased so it stays unique.
  email text not null unique check (email = lower(email)),
  name text not null,
  role text not null check (role in ('admin', 'operations', 'support', 'finance')),
  -- argon2id (modules/auth/passwords.ts); null until the operator has opened their set-up link.
  password_hash text,
  -- The TOTP secret, sealed with AES-256-GCM under AUTH_SECRET (infra/secret-box.ts); null until enrolled.
  totp_secret_sealed text,
  -- A secret offered at the enrolment step, until its first code confirms it.
  totp_pending_sealed text,
  -- The last 30-second step whose code was accepted: a code is taken once (RFC 6238 §5.2).
  totp_last_step bigint,
  enrolled_at timestamptz,
  created_at timestamptz not null,
  -- null: made by the command line (npm run ops -- create-operator).
  created_by uuid references operators (id) on delete set null,
  deactivated_at timestamptz,
  last_sign_in_at timestamptz
);

-- A set-up link: the first operator's, printed by the command line, or an invitation's, e-mailed. Only its
-- sha256 is kept; it works once, before it expires.
create table operator_set_up_tokens (
  token_hash text primary key,
  operator_id uuid not null references operators (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index operator_set_up_tokens_operator on operator_set_up_tokens (operator_id);

-- Given once at enrolment, kept as sha256 (80 random bits each), each used once.
create table operator_recovery_codes (
  operator_id uuid not null references operators (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (operator_id, code_hash)
);

-- A console session: its bearer token's sha256, and the role it was opened with. Every console call reads it
-- (with its operator), so a session ends on every instance at once when it is signed out, its operator is
-- deactivated or its operator's role changes.
create table operator_sessions (
  id uuid primary key,
  operator_id uuid not null references operators (id) on delete cascade,
  token_hash text not null unique,
  role text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  ended_reason text check (ended_reason in ('sign-out', 'deactivated', 'role-changed'))
);
create index operator_sessions_live on operator_sessions (operator_id) where ended_at is null;

-- Every change an operator makes, written in the change's own transaction (modules/operators/audit.ts).
create table operator_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  -- null: the command line.
  operator_id uuid references operators (id),
  action text not null,
  target_type text not null,
  target_id text not null,
  before jsonb,
  after jsonb
);
-- The search: newest first, by itself or narrowed by operator, target or action.
create index operator_audit_log_at on operator_audit_log (at desc, id desc);
create index operator_audit_log_operator on operator_audit_log (operator_id, at desc, id desc);
create index operator_audit_log_target on operator_audit_log (target_type, target_id, at desc, id desc);
create index operator_audit_log_action on operator_audit_log (action, at desc, id desc);
