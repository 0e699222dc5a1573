-- Collection points merchants add themselves (spec §2, §3, §7; docs/decisions/055-collection-points.md).

-- A new outlet waits for the activation job (geocoded, default delivery area drawn) before it is active; an
-- operator may approve or deactivate it by hand. Pending and deactivated outlets are both not active.
alter table vendors add column is_pending boolean not null default false;

-- spec §7: the merchant's own id for the outlet is unique under its parent, in any case.
create unique index vendors_client_id_per_parent
  on vendors (parent_vendor_id, lower(client_vendor_id))
  where parent_vendor_id is not null and client_vendor_id is not null;

-- An owner e-mail without an account gets a single-use link (24 h, like the registration link of spec §9)
-- to set a password and land on the outlet. Only the token's hash is kept.
create table outlet_invitations (
  token_hash text primary key,
  email text not null check (email = lower(email)),
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index outlet_invitations_vendor_idx on outlet_invitations (vendor_id, email);
