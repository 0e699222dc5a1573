-- How far a running job has got, for the merchant to follow (docs/decisions/029-job-queue.md). pg-boss
-- keeps no progress of its own; a handler reports `done` of `total` (null while unknown), through the
-- same handle as its writes, so the figure commits with the work it counts.
create table job_progress (
  job_id uuid primary key,
  queue text not null,
  done integer not null check (done >= 0),
  total integer check (total >= 0),
  updated_at timestamptz not null default now()
);

-- Rows of jobs the queue has since deleted (its retention) are swept by the job queue's supervision.
create index job_progress_updated_at on job_progress (updated_at);
