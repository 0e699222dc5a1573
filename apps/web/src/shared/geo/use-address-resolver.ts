import type { AddressBookEntry, PlaceDetails } from '@riderdesk/domain/contracts/geo';
import type { RequestDestination } from '@riderdesk/domain/request-flow';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AddressPick } from './address-search.tsx';
import { placeDetailsQueryOptions } from './get-place-details.ts';
import { reverseGeocodeQueryOptions } from './reverse-geocode.ts';
import { searchAddressesQueryOptions } from './search-addresses.ts';

export type ResolvedAddress =
  | {
      ok: true;
      destination: RequestDestination;
      details: PlaceDetails['address'] | null;
      saved: AddressBookEntry | null;
    }
  | { ok: false; errorKey: string };

/** Turns a picked suggestion, saved customer or map point into coordinates and an address text. */
export function useAddressResolver(countryCode: string) {
  const queryClient = useQueryClient();

  const resolvePoint = useCallback(
    async (point: LatLng): Promise<ResolvedAddress> => {
      const at = (formattedAddress: string, placeId: string | null): ResolvedAddress => ({
        ok: true,
        destination: { latitude: point.lat, longitude: point.lng, formattedAddress, placeId },
        details: null,
        saved: null,
      });
      try {
        const place = await queryClient.fetchQuery(reverseGeocodeQueryOptions(point));
        if (place) return at(place.address.formatted_address, place.address.id);
      } catch {
        // spec §7: if the reverse lookup fails, fall back to autocomplete.
      }
      try {
        const [first] = await queryClient.fetchQuery(
          searchAddressesQueryOptions({
            query: `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`,
            country: countryCode,
            lat: point.lat,
            lng: point.lng,
          }),
        );
        if (first) return at(first.address.formatted_address, first.address.id);
      } catch {
        // Reported below as the reverse lookup's failure.
      }
      return { ok: false, errorKey: 'geolocator.error.reverse' };
    },
    [queryClient, countryCode],
  );

  const resolve = useCallback(
    async (pick: AddressPick): Promise<ResolvedAddress> => {
      if (pick.kind === 'coordinates') return resolvePoint(pick.point);
      if (pick.kind === 'saved') {
        const { entry } = pick;
        return {
          ok: true,
          destination: {
            latitude: entry.latitude,
            longitude: entry.longitude,
            formattedAddress: entry.address,
            placeId: null,
          },
          details: null,
          saved: entry,
        };
      }
      try {
        const place = await queryClient.fetchQuery(placeDetailsQueryOptions(pick.id));
        return {
          ok: true,
          destination: {
            latitude: place?.address.latitude ?? null,
            longitude: place?.address.longitude ?? null,
            formattedAddress: place?.address.formatted_address ?? pick.label,
            placeId: pick.id,
          },
          details: place?.address ?? null,
          saved: null,
        };
      } catch {
        return { ok: false, errorKey: 'geolocator.error.fetch-place-details' };
      }
    },
    [queryClient, resolvePoint],
  );

  return { resolve, resolvePoint };
}
