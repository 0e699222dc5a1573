-- A checked bulk row keeps where its order goes instead of the whole order body it would write: the body is
-- built again from the row's cells at placement, by the same function that checked it, so each of up to
-- 25 000 rows is written as about half the bytes (docs/decisions/102-bulk-rows-keep-their-destination.md).
alter table bulk_job_rows
  add column destination_latitude double precision,
  add column destination_longitude double precision;

update bulk_job_rows
   set destination_latitude = (order_body -> 'customer' -> 'location' ->> 'latitude')::double precision,
       destination_longitude = (order_body -> 'customer' -> 'location' ->> 'longitude')::double precision
 where order_body is not null;

alter table bulk_job_rows drop column order_body;
