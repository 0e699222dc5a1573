import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { lazyWithRetry } from '../lazy/retry-import.ts';
import type { TrackingMapProps } from './tracking-map.tsx';

const TrackingMap = lazyWithRetry(
  () => import('./tracking-map.tsx'),
  (m) => m.default,
);

/** The order map, fetched on first use; a map always reads left to right, also in Urdu. */
export function LazyTrackingMap(props: TrackingMapProps) {
  return (
    <Suspense
      fallback={
        <Center
          h={props.height}
          mih={props.minHeight}
          bg="var(--mantine-color-gray-1)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Loader size="sm" type="dots" />
        </Center>
      }
    >
      <TrackingMap {...props} />
    </Suspense>
  );
}

export type { MapPoint, TrackingMapProps } from './tracking-map.tsx';
