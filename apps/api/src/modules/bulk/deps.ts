import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { FlagService } from '../flags/service.ts';
import type { GeoService } from '../geo/service.ts';
import type { OrderService } from '../orders/service.ts';
import type { PricingService } from '../pricing/service.ts';
import type { VendorService } from '../vendors/service.ts';
import * as repo from './repo.ts';
import { loadSheetTexts } from './sheet-texts.ts';

export interface BulkDeps {
  db: Db;
  config: AppConfig;
  vendors: VendorService;
  orders: OrderService;
  pricing: PricingService;
  geo: GeoService;
  flags: Pick<FlagService, 'variations'>;
  now: () => Date;
}

/** What every bulk workflow is built on: the dependencies, the deployment's country and the sheet's texts. */
export interface BulkContext extends BulkDeps {
  country: AppConfig['deployment']['country'];
  sheetTexts: ReturnType<typeof loadSheetTexts>;
}

/** The sheet's texts are read once, when the services are built. */
export function bulkContext(deps: BulkDeps): BulkContext {
  const { country } = deps.config.deployment;
  return { ...deps, country, sheetTexts: loadSheetTexts(deps.config.localesDir, country.languages) };
}

/** The placement job's payload: the job and who asked, whose rights every row is placed with. */
export interface PlacementRequest {
  bulk_job_id: string;
  caller: Caller;
}

export const jobNotFound = () => keyedError(404, 'NotFound', 'bulk.error.job-not-found', 'jobId');

/** The merchant's language when the country has it, else the country's own (template, results file). */
export const sheetLanguage = ({ country }: BulkContext, language: string | undefined) =>
  language && country.languages.includes(language) ? language : country.defaultLanguage;

/** A job of one of the caller's vendors; another merchant's job answers exactly like an unknown one. */
export async function jobOfCaller(
  { db, vendors }: BulkContext,
  caller: Caller,
  jobId: string,
): Promise<repo.BulkJobRow> {
  const vendorIds = await vendors.vendorIdsForCaller(caller);
  const job = await repo.findJobOfVendors(db, jobId, vendorIds);
  if (!job) throw jobNotFound();
  return job;
}

/** A job of the vendor the path names, which the caller must be able to act for. */
export async function jobOfVendor(
  context: BulkContext,
  caller: Caller,
  vendorId: string,
  jobId: string,
): Promise<repo.BulkJobRow> {
  await context.vendors.vendorOfCaller(caller, vendorId);
  const job = await jobOfCaller(context, caller, jobId);
  if (job.vendor_id !== vendorId) throw jobNotFound();
  return job;
}
