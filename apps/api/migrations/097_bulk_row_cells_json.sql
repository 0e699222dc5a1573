-- A bulk row's cells, its checked order body and its error's values are written once per row (25 000 for
-- a large file) and read back whole; nothing looks inside them but the job's payment-type counts (`->>`,
-- which json answers too). Stored as json they are kept as written instead of converted to jsonb on every
-- insert (docs/decisions/097-bulk-rows-checked-while-stored.md).
alter table bulk_job_rows
  alter column input type json using input::json,
  alter column order_body type json using order_body::json,
  alter column error_values type json using error_values::json;
