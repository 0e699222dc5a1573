import type { ConsoleRider } from '@riderdesk/domain/contracts/console-riders';

/** A rider as the Riders page lists them: which state to show, and whether they may be deactivated. */
export interface RiderRowView extends ConsoleRider {
  stateKey: string;
  stateColor: string;
  canDeactivate: boolean;
}

const STATE_COLOURS: Record<ConsoleRider['state'], string> = { AVAILABLE: 'green', ASSIGNED: 'blue', OFFLINE: 'gray' };

export function riderRows(riders: readonly ConsoleRider[]): RiderRowView[] {
  return riders.map((rider) => ({
    ...rider,
    stateKey: rider.is_active ? `console.riders.state.${rider.state}` : 'console.riders.state.deactivated',
    stateColor: rider.is_active ? STATE_COLOURS[rider.state] : 'red',
    // A rider on an order is refused by the server: reassign the order first.
    canDeactivate: rider.is_active && rider.state !== 'ASSIGNED' && rider.current_order_id === null,
  }));
}

/** A position as text for the list: five decimals is about a metre. */
export const positionText = (position: ConsoleRider['position']) =>
  position ? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}` : null;
