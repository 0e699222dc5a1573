import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { vendorKeys } from '../../../shared/api/query-keys.ts';
import { notify } from '../../../shared/notify.ts';

// A new collection point is usually active within seconds (its activation job); a few minutes at worst.
export const PENDING_OUTLET_POLL_MS = 5000;

/** The outlets that were pending and are active now. */
export function newlyActive(before: ReadonlySet<string>, vendors: readonly Vendor[]): Vendor[] {
  return vendors.filter((vendor) => before.has(vendor.vendor_id) && vendor.is_active && !vendor.is_pending);
}

/**
 * spec §7 "It will take a few minutes to become available": while an outlet is pending the vendors are read
 * again every few seconds, and the merchant is told when it is ready.
 */
export function useOutletReadiness(vendors: readonly Vendor[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pending = useRef(new Set<string>());
  const hasPending = vendors.some((vendor) => vendor.is_pending);

  useEffect(() => {
    for (const vendor of newlyActive(pending.current, vendors)) {
      notify({ message: t('outlet.ready', { name: vendor.name }), tone: 'success' });
    }
    pending.current = new Set(vendors.filter((vendor) => vendor.is_pending).map((vendor) => vendor.vendor_id));
  }, [vendors, t]);

  useEffect(() => {
    if (!hasPending) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
      PENDING_OUTLET_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [hasPending, queryClient]);
}
