import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { vendorKeys } from '../../../shared/api/query-keys.ts';
import { notify } from '../../../shared/notify.ts';

// A new collection point is usually active within seconds (its activation job); a few minutes at worst.
export const PENDING_OUTLET_POLL_MS = 5000;

/** The one notification about a new outlet: "saved, a few minutes" first, replaced by "ready" once it is. */
export const outletNoticeId = (vendorId: string) => `outlet-ready-${vendorId}`;

export interface SeenOutlets {
  /** Every vendor id listed before; null before the first list. */
  known: ReadonlySet<string> | null;
  pending: ReadonlySet<string>;
}

/**
 * The outlets that became active since the last list: pending then, or not listed yet (the activation job may
 * finish before the list is read again after a save). Nothing on the first list.
 */
export function newlyActive(seen: SeenOutlets, vendors: readonly Vendor[]): Vendor[] {
  const { known } = seen;
  if (!known) return [];
  return vendors.filter(
    (vendor) =>
      !vendor.is_parent &&
      vendor.is_active &&
      !vendor.is_pending &&
      (seen.pending.has(vendor.vendor_id) || !known.has(vendor.vendor_id)),
  );
}

export function seenOutlets(vendors: readonly Vendor[]): SeenOutlets {
  return {
    known: new Set(vendors.map((vendor) => vendor.vendor_id)),
    pending: new Set(vendors.filter((vendor) => vendor.is_pending).map((vendor) => vendor.vendor_id)),
  };
}

/**
 * spec §7 "It will take a few minutes to become available": while an outlet is pending the vendors are read
 * again every few seconds, and the merchant is told when it is ready.
 */
export function useOutletReadiness(vendors: readonly Vendor[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seen = useRef<SeenOutlets>({ known: null, pending: new Set() });
  const hasPending = vendors.some((vendor) => vendor.is_pending);

  useEffect(() => {
    // An empty list is the query not answered yet (a user without vendors is told so elsewhere).
    if (vendors.length === 0) return;
    for (const vendor of newlyActive(seen.current, vendors)) {
      notify({
        message: t('outlet.ready', { name: vendor.name }),
        tone: 'success',
        id: outletNoticeId(vendor.vendor_id),
      });
    }
    seen.current = seenOutlets(vendors);
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
