-- spec §2: the welcome walkthrough is shown once to a new user. It is remembered per user, on the server, so
-- it does not come back on another device or browser (docs/decisions/087-welcome-walkthrough.md).
alter table users add column welcome_seen_at timestamptz;

-- Everyone who had an account before the walkthrough existed is not a new user.
update users set welcome_seen_at = created_at;
