-- The console's live board opens its socket with a one-time ticket too, standing for an operator's console
-- session (docs/decisions/181-the-live-operations-board-and-riders.md); ending the session ends the ticket.
alter table live_tickets
  add column operator_session_id uuid references operator_sessions (id) on delete cascade;
alter table live_tickets drop constraint live_tickets_check;
alter table live_tickets drop constraint live_tickets_caller_kind_check;
alter table live_tickets add constraint live_tickets_caller_kind_check
  check (caller_kind in ('user', 'godroid', 'guest', 'operator'));
alter table live_tickets add constraint live_tickets_check check (
  (caller_kind = 'user' and user_id is not null and session_id is not null)
  or (caller_kind in ('godroid', 'guest') and vendor_id is not null)
  or (caller_kind = 'operator' and operator_session_id is not null)
);
