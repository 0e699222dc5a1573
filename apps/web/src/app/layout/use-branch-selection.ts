import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useVendors } from '../../features/vendors/api/get-vendors.ts';
import { defaultVendor, isOutletToggleEnabled, isOutletToggleShown } from '../../features/vendors/branch-rules.ts';
import type { OutletToggleState } from '../../features/vendors/components/branch-list.tsx';
import type { OutletDialogTarget } from '../../features/vendors/components/outlet-dialog.tsx';
import { useIncludeOutlets } from '../../features/vendors/hooks/use-include-outlets.ts';
import { useCountryParameter } from '../../shared/api/get-country-parameter.ts';
import { notify } from '../../shared/notify.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../shared/storage.ts';
import { sectionOf, withVendor } from '../vendor-path.ts';

/** Vendors, the vendor named by the URL, and what choosing another one does (spec §2). */
export function useBranchSelection(isEnabled: boolean) {
  const { vendorID } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const vendorsQuery = useVendors(isEnabled);
  const vendors = vendorsQuery.data ?? [];
  const allOutletOrders = useCountryParameter('allOutletOrders', isEnabled && vendors.some((v) => v.is_parent));
  const selectedVendor = vendors.find((vendor) => vendor.vendor_id === vendorID) ?? null;
  const [includeOutlets, setIncludeOutlets] = useIncludeOutlets(selectedVendor?.vendor_id ?? null);
  const [outletDialog, setOutletDialog] = useState<OutletDialogTarget | null>(null);

  // The branch in use is remembered, so the next visit (and the next login) opens on it.
  const selectedId = selectedVendor?.vendor_id ?? null;
  useEffect(() => {
    if (selectedId) writeStorage(STORAGE_KEYS.lastVendor, selectedId);
  }, [selectedId]);

  // A vendor route without (or with an unknown) vendor segment lands on the last branch used, else the first.
  const fallback = defaultVendor(vendors, readStorage(STORAGE_KEYS.lastVendor));
  useEffect(() => {
    if (!fallback || selectedVendor) return;
    // spec §8: a branch the URL names that cannot be had is a vendor fetch failure, said before moving on.
    if (vendorID)
      notify({ id: 'vendor-fetch', message: t('error.unable-to-fetch-vendor'), tone: 'error', kind: 'vendorFetch' });
    const target = withVendor(pathname, search, fallback.vendor_id);
    if (target) navigate(target, { replace: true });
  }, [fallback, selectedVendor, vendorID, pathname, search, navigate, t]);

  const selectVendor = (vendorId: string) => {
    const target = withVendor(pathname, search, vendorId);
    if (target) navigate(target);
  };

  const isEnabledHere = isOutletToggleEnabled(selectedVendor, sectionOf(pathname) === 'request-a-rider');
  const outletToggle: OutletToggleState = {
    isShown: isOutletToggleShown(vendors, allOutletOrders.data),
    isEnabled: isEnabledHere,
    value: includeOutlets,
    onChange: setIncludeOutlets,
  };

  return {
    vendors,
    isLoading: vendorsQuery.isLoading,
    selectedVendor,
    selectVendor,
    outletToggle,
    includeOutlets: outletToggle.isShown && isEnabledHere && includeOutlets,
    outletDialog,
    setOutletDialog,
  };
}
