import type { OrderStatus, StatusHistoryEntry } from '../order-status.ts';

export const PROOF_KINDS = ['pickup', 'delivery', 'return'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** The step that produces each proof photo: the rider takes it on collecting, delivering or returning. */
export const PROOF_STATUS = {
  pickup: 'PICKED_UP',
  delivery: 'DELIVERED',
  return: 'RETURNED_TO_VENDOR',
} as const satisfies Record<ProofKind, OrderStatus>;

/** The proofs an order's history has reached, in the order they are taken; before that there is none. */
export function proofKindsReached(history: readonly Pick<StatusHistoryEntry, 'status'>[]): ProofKind[] {
  return PROOF_KINDS.filter((kind) => history.some((entry) => entry.status === PROOF_STATUS[kind]));
}

/** When the rider took a proof: the first time the order reached the step that produces it; null before. */
export function proofTakenAt(history: readonly Pick<StatusHistoryEntry, 'status' | 'created_at'>[], kind: ProofKind) {
  return history.find((entry) => entry.status === PROOF_STATUS[kind])?.created_at ?? null;
}
