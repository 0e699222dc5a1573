-- The console's support queue (issue 36, decision 182): a ticket is open (nobody has it), assigned to an operator,
-- waiting on the merchant (support answered) or solved. Operators' replies and internal notes are kept in order;
-- a reply is e-mailed to the merchant and shown in the help centre, a note never leaves the console.
alter table support_tickets drop constraint support_tickets_status_check;
update support_tickets set status = 'SOLVED' where status = 'CLOSED';
alter table support_tickets
  add constraint support_tickets_status_check check (status in ('OPEN', 'ASSIGNED', 'WAITING_ON_MERCHANT', 'SOLVED')),
  add column assigned_to uuid references operators (id) on delete set null,
  add column updated_at timestamptz;
update support_tickets set updated_at = created_at;
alter table support_tickets alter column updated_at set not null;
create index support_tickets_status_idx on support_tickets (status, created_at desc);

create table support_ticket_messages (
  id uuid primary key,
  -- The order messages were written in, even within one clock tick.
  seq bigint generated always as identity,
  ticket_number text not null references support_tickets (ticket_number) on delete cascade,
  -- REPLY: to the merchant (e-mailed, shown in the help centre); NOTE: for operators only.
  kind text not null check (kind in ('REPLY', 'NOTE')),
  operator_id uuid references operators (id) on delete set null,
  body text not null,
  created_at timestamptz not null
);
create index support_ticket_messages_ticket_idx on support_ticket_messages (ticket_number, seq);
