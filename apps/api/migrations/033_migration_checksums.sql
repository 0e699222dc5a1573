-- The sha256 of each applied migration's file, so a migration edited after it ran on a database is refused
-- at start instead of silently leaving that database different from a fresh one
-- (docs/decisions/033-migration-checksums.md). The runner fills in the rows applied before this column.
alter table schema_migrations add column checksum text;
