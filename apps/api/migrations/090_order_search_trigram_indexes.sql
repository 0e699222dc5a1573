-- Order search (docs/decisions/090-order-search-trigram-indexes.md): the history's search by order id, customer
-- name or phone digits is a substring match. Trigram (pg_trgm) GIN indexes on the very expressions the search
-- compares let a rare term (a phone, part of a phone, an order id, a name) be found through the index instead
-- of reading every order of the vendor in the period. pg_trgm is a trusted contrib extension of PostgreSQL
-- (13 and later) and PGlite loads it (db.ts). New entries wait in each index's pending list, which every search
-- reads through: a 256 kB limit (instead of 4 MB) keeps that read short while inserts still merge in bulk.
create extension if not exists pg_trgm;
create index orders_order_id_trgm_idx on orders using gin (lower(order_id) gin_trgm_ops) with (gin_pending_list_limit = 256);
create index orders_customer_name_trgm_idx on orders using gin (lower(replace(customer_name, ' ', '')) gin_trgm_ops) with (gin_pending_list_limit = 256);
create index orders_customer_phone_trgm_idx on orders using gin (translate(customer_phone, '+ ()-', '') gin_trgm_ops) with (gin_pending_list_limit = 256);
-- Migration 020's (vendor_id, created_at desc, order_id desc) index is the very one migration 045 created
-- again under another name: one of them is enough, and every insert paid for both.
drop index if exists orders_vendor_created_id_idx;
