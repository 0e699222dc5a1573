import type { AddressBookEntry } from '@riderdesk/domain/contracts/geo';
import type { RequestEvent, RequestState } from '@riderdesk/domain/request-flow';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddressPick } from '../../../shared/geo/address-search.tsx';
import { type ResolvedAddress, useAddressResolver } from '../../../shared/geo/use-address-resolver.ts';

/**
 * The drop-off chosen from a suggestion, a saved customer or the map pin (spec §4): resolved to
 * coordinates and an address text, then handed to the flow, which validates it. A pin dragged while
 * the vendor's own address is being set moves that address instead.
 */
export function useDestinationPicker(input: {
  state: RequestState;
  send: (event: RequestEvent) => void;
  vendorId: string | null;
  countryCode: string;
  /** An address-book entry brings its customer along. */
  onSavedCustomerPicked: (entry: AddressBookEntry) => void;
}) {
  const { state, send } = input;
  const { resolve, resolvePoint } = useAddressResolver(input.countryCode);
  const [geoError, setGeoError] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);
  const [pendingPin, setPendingPin] = useState<LatLng | null>(null);
  const resolution = useRef(0);
  const onSavedCustomerPicked = useRef(input.onSavedCustomerPicked);
  onSavedCustomerPicked.current = input.onSavedCustomerPicked;

  // A new vendor starts a new request (spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the vendor changes.
  useEffect(() => {
    setGeoError(null);
    setPendingPin(null);
  }, [input.vendorId]);

  /** Only the latest lookup lands: a pick or a pin made while an earlier one resolves supersedes it. */
  const resolveLatest = useCallback(async (lookup: () => Promise<ResolvedAddress>) => {
    const attempt = ++resolution.current;
    setGeoError(null);
    setIsResolving(true);
    const resolved = await lookup();
    if (attempt !== resolution.current) return null;
    setIsResolving(false);
    if (!resolved.ok) {
      setGeoError(resolved.errorKey);
      return null;
    }
    setPendingPin(null);
    return resolved;
  }, []);

  const choose = useCallback(
    async (pick: AddressPick) => {
      const resolved = await resolveLatest(() => resolve(pick));
      if (!resolved) return;
      if (resolved.saved) onSavedCustomerPicked.current(resolved.saved);
      send({ type: 'destinationChosen', destination: resolved.destination, savedAddress: resolved.saved });
    },
    [resolve, resolveLatest, send],
  );

  // The map keeps the handler it was given, so the step and origin are read when the pin moves.
  const latest = useRef(state);
  latest.current = state;
  const movePin = useCallback(
    async (point: LatLng) => {
      const { step, originAddressCreation } = latest.current;
      if (step === 'ASK_FOR_ORIGIN_ADDRESS_DETAILS' && originAddressCreation) {
        send({
          type: 'originAddressSet',
          address: { ...originAddressCreation, latitude: point.lat, longitude: point.lng },
        });
        return;
      }
      setPendingPin(point);
      const resolved = await resolveLatest(() => resolvePoint(point));
      if (resolved) send({ type: 'destinationChosen', destination: resolved.destination });
    },
    [send, resolvePoint, resolveLatest],
  );

  const destination = state.destination;
  /** Where the drop-off pin stands: where it was dropped while that resolves, else the flow's destination. */
  const destinationPoint: LatLng | null =
    pendingPin ??
    (destination?.latitude != null && destination.longitude != null
      ? { lat: destination.latitude, lng: destination.longitude }
      : null);

  return {
    choose,
    movePin,
    destinationPoint,
    /** A translation key: the pick or the pin could not be resolved. */
    geoError,
    clearGeoError: useCallback(() => setGeoError(null), []),
    isResolving,
  };
}
