-- Money is stored in minor units (integers) and times as timestamptz (ARCHITECTURE.md).

create table users (
  id uuid primary key default gen_random_uuid(),
  -- users type their e-mail in any case; it is stored lowercased so it stays unique.
  email text not null unique check (email = lower(email)),
  password_hash text not null,
  confirmed_at timestamptz,
  disabled boolean not null default false,
  password_reset_required boolean not null default false,
  created_at timestamptz not null default now()
);

-- One row per refresh token. Rotation links a row to its successor; all rows of a login share a
-- family so reuse of a rotated token can revoke the whole login (theft detection).
create table sessions (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  refresh_token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  rotated_to uuid references sessions (id)
);
create index sessions_family_idx on sessions (family_id);
create index sessions_user_idx on sessions (user_id);

create table vendors (
  vendor_id text primary key,
  parent_vendor_id text references vendors (vendor_id),
  client_vendor_id text,
  name text not null,
  is_parent boolean not null default false,
  is_active boolean not null default true,
  -- vendor-code registration flow (spec §5): the code and contact e-mail prove ownership.
  registration_code text unique,
  contact_email text,
  vat_number text,
  currency text not null,
  phone text,
  owners text[] not null default '{}',
  address_text text,
  building text,
  city text,
  country_code text not null,
  latitude double precision,
  longitude double precision,
  postal_code text,
  street text,
  street_number text,
  unit text,
  rider_instructions text,
  payment_methods jsonb not null default '{}',
  estimation_pick_up_time integer,
  login_pickup_estimation integer,
  -- {"type":"radius","radius_km":8} or {"type":"polygon","coordinates":[[lng,lat],...]} (see 010)
  delivery_area jsonb,
  created_at timestamptz not null default now(),
  check ((latitude is null) = (longitude is null))
);
create index vendors_parent_idx on vendors (parent_vendor_id);

create table user_vendors (
  user_id uuid not null references users (id) on delete cascade,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  primary key (user_id, vendor_id)
);
create index user_vendors_vendor_idx on user_vendors (vendor_id);

create table email_verifications (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table password_resets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz
);
create index password_resets_user_idx on password_resets (user_id);

create table outbox (
  id bigint generated always as identity primary key,
  "to" text not null,
  subject text not null,
  text text not null,
  html text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);

create table country_parameters (
  name text primary key,
  value text not null
);

create table feature_flags (
  name text primary key,
  value boolean not null
);

create table riders (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  phone text not null unique,
  vehicle text not null default 'motorbike',
  token_hash text not null unique,
  latitude double precision,
  longitude double precision,
  state text not null default 'OFFLINE',
  created_at timestamptz not null default now()
);
