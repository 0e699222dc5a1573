-- The merchant API's audit trail (issue 35, decision 161): every call of a client, its route as the pattern
-- (never the URL with its ids), answer and latency. Written in batches; a daily job deletes calls past 30 days.
create table api_calls (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  client_id text not null references api_clients (client_id),
  method text not null,
  route text not null,
  status smallint not null,
  latency_ms integer not null
);
-- A client's calls newest first (the portal's list), and the oldest ones (the retention job).
create index api_calls_client_at on api_calls (client_id, at desc, id desc);
create index api_calls_at on api_calls (at);

-- A client outlives the user who made it: the merchant's integration keeps working when that user leaves.
alter table api_clients alter column created_by drop not null;
alter table api_clients drop constraint api_clients_created_by_fkey;
alter table api_clients
  add constraint api_clients_created_by_fkey foreign key (created_by) references users (id) on delete set null;
