-- A guest's live socket is re-checked against the guest session it was opened with, so handing the guest's
-- orders over to an account closes it on every instance, and a ticket issued before the hand-over no longer
-- opens one (as a revoked partner token's, migration 089). The ticket carries the guest session's id.
alter table live_tickets add column guest_session_id uuid references guest_sessions (id) on delete cascade;
