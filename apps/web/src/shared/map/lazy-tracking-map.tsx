import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry } from '../lazy/retry-import.ts';
import { afterFirstContentfulPaint } from '../tasks/after-next-paint.ts';
import type { TrackingMapProps } from './tracking-map.tsx';

const TrackingMap = lazyWithRetry(
  () => import('./tracking-map.tsx'),
  (m) => m.default,
);

/**
 * The order map, fetched on first use; a map always reads left to right, also in Urdu.
 *
 * Its chunk (Leaflet, about 40 kB compressed) is asked for only once the page's first content is on screen:
 * asked for while the first view renders, it would share the phone's connection with that view's last bytes
 * and hold back the order's headline (bench/LOG.md, lighthouse). Later, the map follows its view's paint.
 */
export function LazyTrackingMap(props: TrackingMapProps) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstContentfulPaint(() => setPainted(true)), []);
  const placeholder = (
    <Center
      h={props.height}
      mih={props.minHeight}
      bg="var(--mantine-color-gray-1)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Loader size="sm" type="dots" />
    </Center>
  );
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <TrackingMap {...props} />
    </Suspense>
  );
}

export type { MapPoint, TrackingMapProps } from './tracking-map.tsx';
