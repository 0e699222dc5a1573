import { Anchor, Group, Image, Modal, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { PROOF_STATUS, type ProofKind, proofKindsReached } from '@riderdesk/domain/orders/proofs';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { useOrderProof } from '../api/get-order-proof.ts';
import classes from './tracking.module.css';

export type ProofFlags = Record<ProofKind, boolean>;

/** The proofs the order has reached and the flags show (spec §6 proofs of delivery, pickup and return). */
export function expectedProofs(order: Order, flags: ProofFlags): ProofKind[] {
  return proofKindsReached(order.status_history).filter((kind) => flags[kind]);
}

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

/** When the proof was taken: the step of the status history that produces it. */
function takenAt(order: Order, kind: ProofKind): string | null {
  return order.status_history.findLast((entry) => entry.status === PROOF_STATUS[kind])?.created_at ?? null;
}

const extensionOf = (blob: Blob) => (blob.type === 'image/png' ? 'png' : 'jpg');

function ProofThumbnail({ order, kind }: { order: Order; kind: ProofKind }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const orderId = order.order_id;
  const proof = useOrderProof(orderId, kind, true);
  const url = useObjectUrl(proof.data);
  const [isOpen, setOpen] = useState(false);
  const label = t(`tracking.proof.${kind}`);
  const taken = takenAt(order, kind);
  const time = taken ? formatDateTime(Date.parse(taken), country.timeZone, i18n.language) : null;
  const download = url && proof.data && (
    <Anchor href={url} download={`${orderId}-${kind}.${extensionOf(proof.data)}`} fz="xs">
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={12} aria-hidden />
        {t('tracking.proof.download', { label })}
      </Group>
    </Anchor>
  );
  if (proof.isPending) return <Skeleton w={96} h={96} radius="md" />;
  if (!url) return null;
  return (
    <Stack gap={4} align="center">
      <UnstyledButton className={classes.proof} onClick={() => setOpen(true)} aria-label={label}>
        <img src={url} alt={label} />
      </UnstyledButton>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      {time && (
        <Text fz="xs" c="dimmed">
          {t('tracking.proof.taken-at', { time })}
        </Text>
      )}
      {download}
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={label} size="lg" centered>
        <Stack gap="xs">
          <Image src={url} alt={label} radius="md" />
          {download}
        </Stack>
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
