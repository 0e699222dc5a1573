-- A bulk file's rows are written once each (up to 25 000 in one upload) and read back whole, so they are
-- stored in fewer bytes (docs/decisions/102-bulk-rows-in-fewer-bytes.md):
-- * a checked row keeps where its order goes instead of the whole order body it would write; placement builds
--   the body again from the row's cells, by the same function that checked it;
-- * a row's cells are a JSON array of their values in a fixed order (modules/bulk/repo.ts STORED_CELLS),
--   without their names; the row number is already the row's own column.
alter table bulk_job_rows
  add column destination_latitude double precision,
  add column destination_longitude double precision;

update bulk_job_rows
   set destination_latitude = (order_body -> 'customer' -> 'location' ->> 'latitude')::double precision,
       destination_longitude = (order_body -> 'customer' -> 'location' ->> 'longitude')::double precision
 where order_body is not null;

alter table bulk_job_rows drop column order_body;

update bulk_job_rows
   set input = json_build_array(
         input -> 'customer_name', input -> 'phone_number', input -> 'address', input -> 'latitude',
         input -> 'longitude', input -> 'unit', input -> 'building', input -> 'rider_notes',
         input -> 'item_description', input -> 'amount', input -> 'payment_method', input -> 'delivery_type',
         input -> 'scheduled_time', input -> 'collection_point_id');
