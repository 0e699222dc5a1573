import { Skeleton, Stack } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { usePublicC2cTracking } from '../api/get-public-c2c-tracking.ts';
import { usePublicReceipt } from '../api/get-public-receipt.ts';
import { usePublicTracking } from '../api/get-public-tracking.ts';
import type { PublicOrderKind } from '../api/prefetch-public-order.ts';
import { isNotFound, isPossibleToken } from '../api/public-order-query.ts';
import { PublicNotFound } from './public-not-found.tsx';
import { PublicReceiptView } from './public-receipt-view.tsx';
import { PublicShell } from './public-shell.tsx';
import { fromC2cTracking, fromTracking, PublicTrackingView } from './public-tracking-view.tsx';

function Loading() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-label={t('public.loading')}>
      <Skeleton h={150} radius="lg" />
      <Skeleton h={340} radius="lg" />
    </Stack>
  );
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <EmptyPanel icon={<IconWifiOff size={30} />} title={t('public.failed.title')} description={t('error.offline')} />
  );
}

function Body<T>({
  token,
  query,
  render,
}: {
  token: string;
  query: { data: T | undefined; error: unknown; isPending: boolean };
  render: (data: T) => React.ReactNode;
}) {
  // The query's answers reach React through an external store, whose updates render in one piece: the order's
  // whole view at once, a long task on a phone. Deferred, the answer is rendered in slices that leave the
  // page free for input, while the loading state (or the last answer) stays until it is ready.
  const data = useDeferredValue(query.data);
  if (!isPossibleToken(token)) return <PublicNotFound />;
  // A poll that fails after a success keeps showing the last known state.
  if (data !== undefined) return render(data);
  if (query.error) return isNotFound(query.error) ? <PublicNotFound /> : <LoadFailed />;
  return <Loading />;
}

function TrackingBody({ token }: { token: string }) {
  const query = usePublicTracking(token);
  return (
    <Body
      token={token}
      query={query}
      render={(data) => <PublicTrackingView view={fromTracking(data)} kind="tracking" token={token} />}
    />
  );
}

function C2cBody({ token }: { token: string }) {
  const query = usePublicC2cTracking(token);
  return (
    <Body
      token={token}
      query={query}
      render={(data) => <PublicTrackingView view={fromC2cTracking(data)} kind="c2c" token={token} />}
    />
  );
}

function ReceiptBody({ token }: { token: string }) {
  const query = usePublicReceipt(token);
  return <Body token={token} query={query} render={(data) => <PublicReceiptView receipt={data} />} />;
}

/** spec §2 public pages: tracking, delivery receipt and customer-to-customer tracking, no login. */
export function PublicOrderPage({ kind, token }: { kind: PublicOrderKind; token: string }) {
  return (
    <PublicShell isNarrow={kind === 'receipt'}>
      {kind === 'tracking' && <TrackingBody token={token} />}
      {kind === 'c2c' && <C2cBody token={token} />}
      {kind === 'receipt' && <ReceiptBody token={token} />}
    </PublicShell>
  );
}
