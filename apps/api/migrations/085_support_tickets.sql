-- Support tickets a merchant opens about one of its orders from the help centre (spec §2 "Help centre";
-- docs/decisions/085-embedded-help-centre.md). The number is what the merchant quotes to support.
create sequence support_ticket_numbers start 1001;

create table support_tickets (
  ticket_number text primary key,
  vendor_id text not null references vendors (vendor_id) on delete cascade,
  order_id text not null references orders (order_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  email text not null,
  message text not null,
  status text not null default 'OPEN' check (status in ('OPEN', 'CLOSED')),
  created_at timestamptz not null
);
create index support_tickets_vendor_idx on support_tickets (vendor_id, created_at desc);
create index support_tickets_open_idx on support_tickets (created_at desc) where status = 'OPEN';
