-- A guest who registers a business reserves its orders for that business: at the account's first confirmed
-- login they move under it rather than staying in a branch named 'guest' (decision 125). Null: the guest's own
-- vendor is linked to the account, as at a plain login.
alter table guest_sessions add column reserved_into text references vendors (vendor_id) on delete set null;
