import type { RequestState, RequestStep } from '@riderdesk/domain/request-flow';
import type { SectionStatus } from './components/step-section.tsx';

/** Steps before the drop-off address can be given: the service hours and the vendor's own address. */
const BEFORE_DESTINATION: readonly RequestStep[] = [
  'CHECK_SERVICE_HOURS',
  'SERVICE_CLOSED',
  'ASK_FOR_ORIGIN_ADDRESS',
  'ASK_FOR_ORIGIN_ADDRESS_DETAILS',
];

export const isBeforeDestination = (step: RequestStep): boolean => BEFORE_DESTINATION.includes(step);

/** How each numbered section of the progressive form shows at a step of the spec §4 flow. */
export function sectionStatuses(step: RequestStep): {
  dropOff: SectionStatus;
  details: SectionStatus;
  payment: SectionStatus;
} {
  return {
    dropOff: isBeforeDestination(step)
      ? 'locked'
      : step === 'FILL_ORDER_DETAILS' || step === 'FILL_PAYMENT_DETAILS'
        ? 'done'
        : 'active',
    details: step === 'FILL_ORDER_DETAILS' ? 'active' : step === 'FILL_PAYMENT_DETAILS' ? 'done' : 'locked',
    payment: step === 'FILL_PAYMENT_DETAILS' ? 'active' : 'locked',
  };
}

/** The pin the map lets the user move: the vendor's own address while it is set, else the drop-off once it may be given. */
export function movablePinOf(state: Pick<RequestState, 'step' | 'loading'>): 'origin' | 'destination' | null {
  if (state.step === 'ASK_FOR_ORIGIN_ADDRESS_DETAILS') return 'origin';
  return !isBeforeDestination(state.step) && !state.loading ? 'destination' : null;
}

/** The quoted fee shows once a destination has been validated. */
export const hasQuote = (state: Pick<RequestState, 'step' | 'deliveryFee'>): boolean =>
  state.deliveryFee !== null && !isBeforeDestination(state.step) && state.step !== 'CHECK_IF_DESTINATION_IS_VALID';
