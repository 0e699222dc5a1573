import type { PublicTrackingStage } from '@riderdesk/domain/order-status';

// spec §4 public stages, split into the two journeys an order can take.
export const DELIVERY_PATH = [
  'PREPARING',
  'COURIER_ACCEPTED',
  'NEAR_VENDOR',
  'COLLECTED',
  'NEAR_CUSTOMER',
  'DELIVERED',
] as const satisfies readonly PublicTrackingStage[];

export const RETURN_PATH = [
  'PREPARING',
  'COURIER_ACCEPTED',
  'NEAR_VENDOR',
  'COLLECTED',
  'RETURN_INITIATED',
  'RETURNED',
] as const satisfies readonly PublicTrackingStage[];

const isReturnStage = (stage: PublicTrackingStage | null) => stage === 'RETURN_INITIATED' || stage === 'RETURNED';

export type StageStep = { stage: PublicTrackingStage; state: 'done' | 'current' | 'upcoming'; at: string | null };

/**
 * The steps shown to the recipient: every stage of the order's journey, those before the current
 * one done (a rider may skip "near the shop"), with the time each was reached when known.
 */
export function stageSteps(
  stage: PublicTrackingStage | null,
  timeline: readonly { stage: PublicTrackingStage; at: string }[],
): StageStep[] {
  const path: readonly PublicTrackingStage[] =
    isReturnStage(stage) || timeline.some((entry) => isReturnStage(entry.stage)) ? RETURN_PATH : DELIVERY_PATH;
  const currentIndex = stage ? path.indexOf(stage) : -1;
  return path.map((step, index) => ({
    stage: step,
    state: index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming',
    at: [...timeline].reverse().find((entry) => entry.stage === step)?.at ?? null,
  }));
}

/** The last stages are final: shown as done, not as "in progress". */
export const isFinalStage = (stage: PublicTrackingStage | null) => stage === 'DELIVERED' || stage === 'RETURNED';
