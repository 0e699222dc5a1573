-- A guest's live socket is re-checked against the guest session it was opened with, so handing the guest's
-- orders over to an account closes it on every instance, and a ticket issued before the hand-over no longer
-- opens one (as a revoked partner token's, migration 089). The ticket carries the guest session's id.
alter table live_tickets add column guest_session_id uuid references guest_sessions (id) on delete cascade;

-- A registration made by a guest's browser (its guest token in the Authorization header) only reserves the
-- guest's orders for the new account; they are handed over at the account's first login, once its e-mail is
-- confirmed. A later registration from a browser holding the same token takes the reservation over.
alter table guest_sessions add column reserved_for uuid references users (id) on delete set null;
create index guest_sessions_reserved_for_idx on guest_sessions (reserved_for) where reserved_for is not null;
