-- Issue 35, decision 160: the portal's webhook endpoints. The language and the user of the e-mail sent when
-- delivery disables an endpoint, and test events (ping), which belong to no order.
alter table webhook_endpoints add column lang text not null default 'en';
-- Who registered the endpoint: the disabling notice goes to this user's address (none when the user is gone).
alter table webhook_endpoints add column created_by uuid references users (id) on delete set null;
alter table webhook_deliveries alter column order_id drop not null;
