-- Merchant API credentials (issue 35, decision 151): a client a merchant user registers for one of its
-- vendors, scoped to all of that vendor's outlets or to chosen ones; its RS256 public keys (two live during a
-- rotation), an optional client secret (only its sha256 is kept), and the assertion ids already used.
create table api_clients (
  client_id text primary key,
  vendor_id text not null references vendors (vendor_id),
  created_by uuid not null references users (id),
  name text not null,
  -- 'all': the vendor and every outlet under it; 'outlets': those of api_client_outlets.
  scope text not null check (scope in ('all', 'outlets')),
  environment text not null check (environment in ('san', 'stg', 'prd')),
  secret_hash text,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_clients_vendor on api_clients (vendor_id);

create table api_client_outlets (
  client_id text not null references api_clients (client_id),
  vendor_id text not null references vendors (vendor_id),
  primary key (client_id, vendor_id)
);

create table api_client_keys (
  key_id text primary key,
  client_id text not null references api_clients (client_id),
  public_key_pem text not null,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index api_client_keys_client on api_client_keys (client_id);

-- A client assertion's jti is honoured once; kept until the assertion expires.
create table api_client_assertions (
  client_id text not null references api_clients (client_id),
  jti text not null,
  expires_at timestamptz not null,
  primary key (client_id, jti)
);
create index api_client_assertions_expiry on api_client_assertions (expires_at);
