-- An admin resets another operator's password or second factor (issue 36, decision 182): their sessions end
-- with this reason, and a new set-up link is e-mailed to them.
alter table operator_sessions drop constraint operator_sessions_ended_reason_check;
alter table operator_sessions
  add constraint operator_sessions_ended_reason_check
  check (ended_reason in ('sign-out', 'deactivated', 'role-changed', 'credentials-reset'));
