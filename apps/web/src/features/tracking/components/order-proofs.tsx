import { Group, Image, Modal, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { type ProofKind, proofKindsReached } from '@riderdesk/domain/orders/proofs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

function ProofThumbnail({ orderId, kind }: { orderId: string; kind: ProofKind }) {
  const { t } = useTranslation();
  const proof = useOrderProof(orderId, kind, true);
  const url = useObjectUrl(proof.data);
  const [isOpen, setOpen] = useState(false);
  const label = t(`tracking.proof.${kind}`);
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
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={label} size="lg" centered>
        <Image src={url} alt={label} radius="md" />
      </Modal>
    </Stack>
  );
}

/** spec §2: proofs of collection, delivery and return, each behind its flag. */
export function OrderProofs({ order, kinds }: { order: Order; kinds: readonly ProofKind[] }) {
  return (
    <Group gap="md" align="flex-start">
      {kinds.map((kind) => (
        <ProofThumbnail key={kind} orderId={order.order_id} kind={kind} />
      ))}
    </Group>
  );
}
