import { Anchor, Stack, Text } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { deliveryReach, isDeliverable } from '@riderdesk/domain/delivery-area';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { vendorPoint } from '../request-rules.ts';

const km = (value: number, language: string) =>
  new Intl.NumberFormat(language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en', { maximumFractionDigits: 1 }).format(
    value,
  );

/**
 * Why the destination is out of this branch's reach (how far it is, how far the branch delivers), and the
 * merchant's other branches whose area covers it, each a link to request from there.
 */
export function OutOfAreaHelp(props: {
  vendor: Vendor;
  origin: LatLng;
  destination: LatLng;
  otherBranches: readonly Vendor[];
  branchPath: (vendorId: string) => string;
  /** A guest's pickup address: named instead of the guest's branch, which the guest never chose or named. */
  pickupAddress?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const reach = deliveryReach(props.vendor.delivery_area, props.origin, props.destination);
  const distance = km(reach.distanceKm, i18n.language);
  const alternatives = props.otherBranches.filter((branch) => {
    const point = vendorPoint(branch);
    return point !== null && isDeliverable(branch.delivery_area, point, props.destination);
  });
  return (
    <Stack gap={4} data-testid="out-of-area">
      {/* spec §8: the request map does not draw delivery areas, so the merchant is warned in words. */}
      <Text fz="sm" fw={600} c="orange.8" role="status">
        {t('request.error.not-deliverable')}
      </Text>
      <Text fz="sm">
        {props.pickupAddress
          ? reach.rangeKm === null
            ? t('request.out-of-area.drawn-pickup', { distance, pickup: props.pickupAddress })
            : t('request.out-of-area.radius-pickup', {
                distance,
                range: km(reach.rangeKm, i18n.language),
                pickup: props.pickupAddress,
              })
          : reach.rangeKm === null
            ? t('request.out-of-area.drawn', { distance, branch: props.vendor.name })
            : t('request.out-of-area.radius', {
                distance,
                range: km(reach.rangeKm, i18n.language),
                branch: props.vendor.name,
              })}
      </Text>
      {alternatives.length > 0 ? (
        <Text fz="sm">
          {t('request.out-of-area.other-branch')}{' '}
          {alternatives.map((branch, index) => (
            <span key={branch.vendor_id}>
              {index > 0 && ', '}
              <Anchor component={Link} to={props.branchPath(branch.vendor_id)} fw={600}>
                <bdi>{t('request.out-of-area.request-from', { branch: branch.name })}</bdi>
              </Anchor>
            </span>
          ))}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('request.out-of-area.no-branch')}
        </Text>
      )}
    </Stack>
  );
}
