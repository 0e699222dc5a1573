-- The console's Vendors and outlets and Vouchers pages (issue 36, decision 180).

-- A voucher's limits: uses in all, uses by one merchant (a parent with its collection points), the least delivery
-- fee (major units, before the discount) it applies to. Null: no limit.
alter table vouchers
  add column max_uses integer check (max_uses > 0),
  add column max_uses_per_vendor integer check (max_uses_per_vendor > 0),
  add column min_order_value numeric(12, 2) check (min_order_value >= 0),
  add column updated_at timestamptz not null default now();

-- The vendors a voucher applies to: none listed, every vendor; a parent listed, its collection points too.
create table voucher_vendors (
  code text not null references vouchers (code) on delete cascade on update cascade,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  primary key (code, vendor_id)
);
create index voucher_vendors_vendor_idx on voucher_vendors (vendor_id);
insert into voucher_vendors (code, vendor_id) select code, vendor_id from vouchers where vendor_id is not null;
alter table vouchers drop column vendor_id;

-- A voucher's uses and the discount given are counted from the orders placed with it.
create index orders_voucher_code_idx on orders (voucher_code, vendor_id) where voucher_code is not null;

-- spec §3: a vendor's registration type. PV: registered with a vendor code; NPV: a business that signed up itself.
alter table vendors add column registration_type text check (registration_type in ('PV', 'NPV'));
update vendors set registration_type = case
  when vendor_id like 'npv-%' then 'NPV'
  when registration_code is not null then 'PV'
end;
