-- An e-mailed export's file is kept in parts of at most 1 MiB, written as the job builds the file and read one
-- at a time as it is downloaded, so neither holds the whole file in memory
-- (docs/decisions/108-export-files-in-parts.md). A file stored before becomes its own single part.
create table order_export_file_parts (
  export_id uuid not null references order_export_jobs (export_id) on delete cascade,
  part integer not null check (part >= 0),
  data bytea not null,
  primary key (export_id, part)
);

alter table order_export_jobs add column file_bytes bigint check (file_bytes >= 0);

insert into order_export_file_parts (export_id, part, data)
select export_id, 0, file from order_export_jobs where file is not null;

update order_export_jobs set file_bytes = octet_length(file) where file is not null;

alter table order_export_jobs drop column file;
