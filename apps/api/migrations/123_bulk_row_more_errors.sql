-- A refused bulk row keeps every problem its cells have, not only the first: the first stays in error_key,
-- error_field and error_values (what the spec §3 row's error is), the others in their order here, as a JSON
-- array of {key, field, values}. Null when the row has at most one problem.
alter table bulk_job_rows add column more_errors json;
