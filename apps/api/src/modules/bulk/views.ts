import {
  BULK_DETAIL_PAGE_ROWS,
  type BulkJob,
  type BulkJobDetailQuery,
  type BulkRow,
} from '@riderdesk/domain/contracts/bulk';
import { fromMinor } from '@riderdesk/domain/money';
import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

/** The spec §7 job as the browser reads it. */
export function jobView(job: repo.BulkJobRow): BulkJob {
  return {
    metadata: { bulk_job_id: job.bulk_job_id },
    vendor_id: job.vendor_id,
    file_name: job.file_name,
    created_by: job.created_by_email ?? job.created_by_partner,
    created_at: job.created_at.toISOString(),
    status: job.status,
    placement: job.placement,
    totals: {
      total_rows: job.total_rows,
      orders_to_be_placed: job.valid_rows,
      orders_placed: job.placed_rows,
      errors: job.total_rows - job.valid_rows + job.failed_rows,
    },
    preprocess_metadata: { success_row_count: job.valid_rows },
    total_fee: fromMinor(job.total_fee_minor, job.currency),
    currency: job.currency,
    payment_types: job.payment_types ?? {},
  };
}

/** A row as the job's detail and its results file show it. */
export function rowView(row: repo.BulkRowRecord | (repo.NewBulkRow & { order_id: null }), currency: string): BulkRow {
  const { input } = row;
  return {
    row_number: row.row_number,
    status: row.status,
    error: row.error_key ? { key: row.error_key, field: row.error_field, values: row.error_values } : null,
    errors: row.error_key
      ? [{ key: row.error_key, field: row.error_field, values: row.error_values }, ...(row.more_errors ?? [])]
      : [],
    order_id: row.order_id,
    delivery_fee: row.delivery_fee_minor === null ? null : fromMinor(row.delivery_fee_minor, currency),
    collection_point: row.collection_point_id,
    customer_name: input.customer_name,
    phone_number: input.phone_number,
    drop_off_address: [input.unit, input.building, input.address].filter(Boolean).join(', '),
    item_description: input.item_description,
    amount: input.amount,
    payment_method: input.payment_method,
    delivery_type: input.delivery_type,
    scheduled_for: row.scheduled_for ? row.scheduled_for.toISOString() : null,
  };
}

/** The job and one page of its rows (a job holds up to 25 000: the whole of it is the results file). */
export async function detailPage(
  { db, country }: { db: Db; country: { currency: string } },
  job: repo.BulkJobRow,
  query: Partial<BulkJobDetailQuery> = {},
) {
  const limit = query.limit ?? BULK_DETAIL_PAGE_ROWS;
  const rows = await repo.listRowPage(db, job.bulk_job_id, {
    afterRow: query.after_row ?? 0,
    limit,
    onlyErrors: query.only_errors ?? false,
  });
  const page = rows.slice(0, limit);
  return {
    bulk_job: jobView(job),
    orders: page.map((row) => rowView(row, country.currency)),
    next_after_row: rows.length > limit ? page[page.length - 1]!.row_number : null,
  };
}
