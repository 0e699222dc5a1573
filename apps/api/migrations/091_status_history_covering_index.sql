-- Order reads (docs/decisions/090-order-search-trigram-indexes.md): the status history of a page or of an export
-- batch of 500 orders is read in one query over their ids. With the status and the time in the index, that is
-- an index-only scan instead of one heap visit per entry; it replaces the (order_id, id) index, whose every
-- use it serves.
create index order_status_history_order_cover_idx on order_status_history (order_id, id) include (status, created_at);
drop index order_status_history_order_idx;
