-- Flags evaluated per country and per vendor on the server (spec §6, §9): an operator's override for one
-- country, or for one vendor (and its collection points), over the deployment-wide value of feature_flags.
-- Exactly one of country_code and vendor_id names the scope; the other is ''.
create table feature_flag_overrides (
  name text not null,
  country_code text not null default '',
  vendor_id text not null default '',
  value boolean not null,
  primary key (name, country_code, vendor_id),
  check ((country_code = '') <> (vendor_id = ''))
);
create index feature_flag_overrides_vendor on feature_flag_overrides (vendor_id) where vendor_id <> '';
