import { Paper, Skeleton, Text } from '@mantine/core';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../shared/lazy/retry-import.ts';

const RequestMap = lazyWithRetry(
  () => import('./request-map.tsx'),
  (m) => m.default,
);

/** The request map in its card, with the hint of what the pin does at this step. */
export function RequestMapCard(props: {
  tileUrl: string | null;
  centre: LatLng;
  origin: LatLng | null;
  destination: LatLng | null;
  movablePin: 'origin' | 'destination' | null;
  onPinMoved: (point: LatLng) => void;
  height: number;
  /** The vendor's own address is being placed (spec §4 ASK_FOR_ORIGIN_ADDRESS_DETAILS). */
  isPlacingOrigin: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Suspense fallback={<Skeleton height={props.height} radius={0} />}>
        <RequestMap
          tileUrl={props.tileUrl}
          centre={props.centre}
          origin={props.origin}
          destination={props.destination}
          movablePin={props.movablePin}
          onPinMoved={props.onPinMoved}
          height={props.height}
          labels={{
            map: t('request.map.label'),
            origin: t('request.map.origin'),
            destination: t('request.map.destination'),
          }}
        />
      </Suspense>
      <Text fz="xs" c="dimmed" px="md" py="xs">
        {props.isPlacingOrigin ? t('request.map.origin-hint') : t('request.address.pin-hint')}
      </Text>
    </Paper>
  );
}
