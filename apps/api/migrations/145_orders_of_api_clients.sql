-- Issue 35, decision 153: an order placed through the merchant API keeps the client that placed it and the
-- client's own id for it (pandago's client_order_id), written by the create's one statement with the order.
alter table orders add column api_client_id text references api_clients (client_id);
alter table orders add column client_order_id text;
