import { Button, Group, Image, Modal, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { type ProofKind, proofTakenAt } from '@riderdesk/domain/orders/proofs';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { notify } from '../../../shared/notify.ts';
import { orderProofQueryOptions, useOrderProof } from '../api/get-order-proof.ts';
import classes from './tracking.module.css';

function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

const EXTENSIONS: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Saves a proof photo under a name that says which order and which proof it is. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.${EXTENSIONS[blob.type] ?? 'jpg'}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the element; the address can go once this task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ProofThumbnail({ order, kind }: { order: Order; kind: ProofKind }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const queryClient = useQueryClient();
  const proof = useOrderProof(order.order_id, kind, true);
  const url = useObjectUrl(proof.data);
  const [isOpen, setOpen] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const label = t(`tracking.proof.${kind}`);
  const takenAt = proofTakenAt(order.status_history, kind);
  const takenAtText = takenAt
    ? t('tracking.proof.taken-at', { time: formatDateTime(Date.parse(takenAt), country.timeZone, i18n.language) })
    : null;
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await queryClient.fetchQuery(orderProofQueryOptions(order.order_id, kind));
      if (!blob) throw new Error('No proof');
      saveBlob(blob, `${order.order_id}-${kind}`);
    } catch {
      notify({ message: t('error.proof-download'), tone: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  if (proof.isPending) return <Skeleton w={96} h={96} radius="md" />;
  if (proof.isError) {
    return (
      <Text fz="xs" c="red" role="alert">
        {label}: {t('error.proof-download')}
      </Text>
    );
  }
  if (!url) return null;
  return (
    <Stack gap={4} align="center" maw={140}>
      <UnstyledButton className={classes.proof} onClick={() => setOpen(true)} aria-label={label}>
        <img src={url} alt={label} />
      </UnstyledButton>
      <Text fz="xs" c="dimmed" ta="center">
        {label}
      </Text>
      {takenAtText && (
        <Text fz="xs" c="dimmed" ta="center">
          {takenAtText}
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={isDownloading}
        onClick={() => void download()}
        aria-label={t('tracking.proof.download-label', { proof: label })}
      >
        {t('tracking.proof.download')}
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={label} size="lg" centered>
        <Image src={url} alt={label} radius="md" />
        {takenAtText && (
          <Text fz="sm" c="dimmed" mt="xs" ta="center">
            {takenAtText}
          </Text>
        )}
      </Modal>
    </Stack>
  );
}

/** spec §2: proofs of collection, delivery and return, each behind its flag. */
export function OrderProofs({ order, kinds }: { order: Order; kinds: readonly ProofKind[] }) {
  return (
    <Group gap="md" align="flex-start">
      {kinds.map((kind) => (
        <ProofThumbnail key={kind} order={order} kind={kind} />
      ))}
    </Group>
  );
}
