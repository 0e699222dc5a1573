import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TrackingMapProps } from './tracking-map.tsx';

const TrackingMap = lazy(() => import('./tracking-map.tsx'));

/** The order map, fetched on first use; a map always reads left to right, also in Urdu. */
export function LazyTrackingMap(props: TrackingMapProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Loader size="sm" type="dots" />
        </Center>
      }
    >
      <TrackingMap {...props} />
    </Suspense>
  );
}

export type { MapPoint, TrackingMapProps } from './tracking-map.tsx';
