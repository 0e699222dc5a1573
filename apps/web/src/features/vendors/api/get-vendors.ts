import { type Vendor, VendorsAnswerSchema } from '@riderdesk/domain/contracts/vendors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { vendorKeys } from '../../../shared/api/query-keys.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { notify } from '../../../shared/notify.ts';

export class NoVendorsError extends Error {
  constructor() {
    super('error.no-vendors');
    this.name = 'NoVendorsError';
  }
}

export async function getVendors(): Promise<Vendor[]> {
  const { vendors } = (await api.get(`${API_BASE}/vendors`, { schema: VendorsAnswerSchema })).result;
  // spec §6: a user with no linked vendors gets an error.
  if (vendors.length === 0) throw new NoVendorsError();
  return vendors;
}

export const vendorsQueryOptions = () =>
  queryOptions({ queryKey: vendorKeys.all, queryFn: getVendors, staleTime: 5 * 60_000, retry: false });

/** The text of a failed branch list: what went wrong and what the reader can do about it. */
export function vendorsErrorKey(error: Error, isPartner: boolean): string {
  if (error instanceof NoVendorsError) return 'error.no-vendors';
  // A partner app's link whose token is missing, wrong or revoked: refreshing cannot help, the partner app can.
  if (isPartner && error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
    return 'error.partner-link-invalid';
  }
  return 'error.cant-retrieve-vendors';
}

/** The signed-in user's vendors and outlets; failures are announced once (spec §8). */
export function useVendors(enabled: boolean) {
  const { t } = useTranslation();
  const isPartner = useConfig().mode === 'GODROID';
  const query = useQuery({ ...vendorsQueryOptions(), enabled });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    notify({ id: 'vendors-error', message: t(vendorsErrorKey(error, isPartner)), tone: 'error', kind: 'vendorFetch' });
  }, [error, isPartner, t]);
  return query;
}
