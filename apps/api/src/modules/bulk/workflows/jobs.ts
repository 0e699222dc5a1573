import type { BulkJob, BulkJobDetailQuery } from '@riderdesk/domain/contracts/bulk';
import type { Caller } from '../../../plugins/auth.ts';
import { type BulkContext, jobOfVendor, sheetLanguage } from '../deps.ts';
import * as repo from '../repo.ts';
import { buildResultsFile } from '../results-file.ts';
import { buildTemplate } from '../template.ts';
import { detailPage, jobView, rowView } from '../views.ts';

const HISTORY_LIMIT = 100;

/** spec §7 GET /bulk-job/example-file, in the merchant's language. */
export async function template(context: BulkContext, language: string | undefined, caller: Caller): Promise<Buffer> {
  const [vendorId] = await context.vendors.vendorIdsForCaller(caller);
  return buildTemplate(context.sheetTexts.textsOf(sheetLanguage(context, language)), {
    collectionPointId: vendorId ?? '',
  });
}

/** spec §7 GET /bulk-job/detail/{vendorId}/{jobId}: the job and a page of its rows. */
export async function detail(
  context: BulkContext,
  caller: Caller,
  vendorId: string,
  jobId: string,
  query: BulkJobDetailQuery,
) {
  return detailPage(context, await jobOfVendor(context, caller, vendorId, jobId), query);
}

/** The job's rows with their outcome as a workbook, in the merchant's language (beyond spec §7). */
export async function resultsFile(
  context: BulkContext,
  caller: Caller,
  vendorId: string,
  jobId: string,
  language: string | undefined,
): Promise<Buffer> {
  await jobOfVendor(context, caller, vendorId, jobId);
  const rows = await repo.listRows(context.db, jobId);
  const { currency } = context.country;
  return buildResultsFile(
    rows,
    rows.map((row) => rowView(row, currency)),
    context.sheetTexts.textsOf(sheetLanguage(context, language)),
  );
}

/**
 * spec §7 GET /bulk-job/all/{vendorId}: jobs at the placement stage, newest first (spec §4), and the checked
 * jobs not placed yet, so a merchant can come back to them.
 */
export async function history(context: BulkContext, caller: Caller, vendorId: string): Promise<BulkJob[]> {
  await context.vendors.vendorOfCaller(caller, vendorId);
  return (await repo.listJobs(context.db, vendorId, HISTORY_LIMIT)).map(jobView);
}
