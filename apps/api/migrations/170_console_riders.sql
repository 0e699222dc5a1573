-- The console's live board and Riders page (docs/decisions/181-the-live-operations-board-and-riders.md).

-- A deactivated rider keeps their history but is never offered an order again and their token stops working.
alter table riders add column deactivated_at timestamptz;

-- An operator handing an order to another rider: the first rider is not offered it again.
alter table rider_declines drop constraint rider_declines_reason_check;
alter table rider_declines add constraint rider_declines_reason_check
  check (reason in ('declined', 'expired', 'reassigned'));

-- The rider's recent orders (Riders page), newest change first.
create index orders_rider_updated_idx on orders (rider_id, updated_at desc) where rider_id is not null;
