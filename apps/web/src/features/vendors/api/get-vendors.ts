import { type Vendor, VendorsAnswerSchema } from '@riderdesk/domain/contracts/vendors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { vendorKeys } from '../../../shared/api/query-keys.ts';
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

/** The signed-in user's vendors and outlets; failures are announced once (spec §8). */
export function useVendors(enabled: boolean) {
  const { t } = useTranslation();
  const query = useQuery({ ...vendorsQueryOptions(), enabled });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    if (error instanceof NoVendorsError) {
      notify({ id: 'vendors-error', message: t('error.no-vendors'), tone: 'error', kind: 'vendorFetch' });
    } else {
      notify({ id: 'vendors-error', message: t('error.cant-retrieve-vendors'), tone: 'error', kind: 'vendorFetch' });
    }
  }, [error, t]);
  return query;
}
