-- A live socket opened by a partner app is re-checked against the partner token it was opened with, so a
-- revoked token closes it (docs/decisions/089-partner-sockets-and-guest-edits.md). The ticket carries the
-- token's id, as it carries a user's session.
alter table live_tickets add column partner_token_id uuid references partner_tokens (id) on delete cascade;
