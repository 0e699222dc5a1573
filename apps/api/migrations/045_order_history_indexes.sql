-- Order history (docs/decisions/045-order-history-queries.md): the list and the export page newest first
-- on (created_at, order_id) within one vendor. With order_id in the index, a keyset page is a range scan
-- that stops after `count` rows, also when many orders share one created_at; it replaces the
-- (vendor_id, created_at) index, whose every use it serves.
create index orders_vendor_created_order_idx on orders (vendor_id, created_at desc, order_id desc);
drop index orders_vendor_created_idx;

