import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import type { ConsoleOutlet } from '@riderdesk/domain/contracts/console-vendors';
import { DEFAULT_DELIVERY_RADIUS_KM } from '@riderdesk/domain/delivery-area';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useApproveOutlet } from '../api/change-vendor.ts';
import {
  type Corners,
  circleCorners,
  coversOutlet,
  initialCorners,
  MAX_RADIUS_KM,
  MIN_RADIUS_KM,
  moveCorner,
} from '../area-edit.ts';

const AreaMap = lazy(() => import('./area-map.tsx'));

const othersOf = (siblings: readonly ConsoleOutlet[], outletId: string): Corners[] =>
  siblings
    .filter((sibling) => sibling.vendor_id !== outletId && sibling.delivery_area?.type === 'polygon')
    .map((sibling) => (sibling.delivery_area as { coordinates: Corners }).coordinates);

/** The approval of a pending collection point: its delivery area checked and adjusted on the map, then sent. */
export function ApproveDialog({
  outlet,
  siblings,
  tileUrl,
  onClose,
}: {
  outlet: ConsoleOutlet;
  siblings: readonly ConsoleOutlet[];
  tileUrl: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const approve = useApproveOutlet();
  const [corners, setCorners] = useState<Corners | null>(() => initialCorners(outlet));
  const [radius, setRadius] = useState<number>(DEFAULT_DELIVERY_RADIUS_KM);
  const others = useMemo(() => othersOf(siblings, outlet.vendor_id), [siblings, outlet.vendor_id]);
  const labels = useMemo(
    () => ({
      map: t('console.vendors.map', { name: outlet.name }),
      outlet: outlet.name,
      corner: (index: number) => t('console.vendors.corner', { index }),
    }),
    [t, outlet.name],
  );
  const point =
    outlet.latitude !== null && outlet.longitude !== null ? { lat: outlet.latitude, lng: outlet.longitude } : null;
  const isOutside = corners !== null && !coversOutlet(corners, outlet);

  const submit = () => {
    if (!corners) return;
    approve.mutate(
      { vendorId: outlet.vendor_id, body: { delivery_area: { type: 'polygon', coordinates: corners } } },
      {
        onSuccess: () => {
          notify({ message: t('console.vendors.approved', { name: outlet.name }), tone: 'success' });
          onClose();
        },
        onError: (error) => notify({ message: errorText(error), tone: 'error' }),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('console.vendors.approve-title', { name: outlet.name })} size="xl">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('console.vendors.approve-description')}
        </Text>
        {point && corners ? (
          <Suspense fallback={<Loader aria-label={t('console.loading')} />}>
            <AreaMap
              tileUrl={tileUrl}
              outlet={point}
              corners={corners}
              others={others}
              onCornerMoved={(index, to) => setCorners((current) => current && moveCorner(current, index, to))}
              height={380}
              labels={labels}
            />
          </Suspense>
        ) : (
          <Alert color="yellow">{t('console.vendors.no-point')}</Alert>
        )}
        {point && (
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('console.vendors.radius')}
              value={radius}
              onChange={(value) => setRadius(typeof value === 'number' ? value : DEFAULT_DELIVERY_RADIUS_KM)}
              min={MIN_RADIUS_KM}
              max={MAX_RADIUS_KM}
              step={1}
              w={140}
            />
            <Button variant="default" onClick={() => setCorners(circleCorners(outlet, radius))}>
              {t('console.vendors.redraw')}
            </Button>
          </Group>
        )}
        {isOutside && (
          <Alert color="yellow" role="alert">
            {t('console.vendors.outside')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('console.cancel')}
          </Button>
          <Button onClick={submit} loading={approve.isPending} disabled={!corners || isOutside}>
            {t('console.vendors.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
