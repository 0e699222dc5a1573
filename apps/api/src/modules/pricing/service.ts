import { COUNTRY_ETA_MINIMUM, LOGIN_PICKUP_ESTIMATION } from '@riderdesk/domain/constants';
import type {
  DeliveryAreaBody,
  DeliveryAreaResult,
  DeliveryFee,
  DeliveryFeeBody,
  Estimations,
  EstimationsBody,
} from '@riderdesk/domain/contracts/pricing';
import { isDeliverable } from '@riderdesk/domain/delivery-area';
import { travelMinutes, tripDistanceKm } from '@riderdesk/domain/geo/trip';
import { computeDeliveryFee, fromMinor, type GeoPoint } from '@riderdesk/domain/money';
import type { AppConfig } from '../../config.ts';
import { keyedError } from '../../errors.ts';
import { snapshotRead } from '../../infra/read-snapshot.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { VendorService } from '../vendors/service.ts';
import { hasPickupAddress, isTestVendor } from '../vendors/vendor-access.ts';
import type { FeeSigner } from './fee-signature.ts';

export type PricingService = ReturnType<typeof pricingService>;

/** The free rider nearest a point; the pickup estimate of a vendor without its own (spec §9). */
export type NearestFreeRider = (point: GeoPoint) => Promise<GeoPoint | null>;

export interface PricingDeps {
  config: AppConfig;
  vendors: VendorService;
  signer: FeeSigner;
  nearestFreeRider: NearestFreeRider;
}

export interface FeeQuoteResult {
  feeMinor: number;
  distanceKm: number;
}

/** The pickup point: the vendor's saved outlet, else the sender location the browser sends (spec §3). */
export function originOf(vendor: VendorRow, fallback: GeoPoint): GeoPoint {
  return hasPickupAddress(vendor) ? { lat: vendor.latitude!, lng: vendor.longitude! } : fallback;
}

export function pricingService({ config, vendors, signer, nearestFreeRider }: PricingDeps) {
  const { country } = config.deployment;

  function feeFor(origin: GeoPoint, destination: GeoPoint): FeeQuoteResult {
    const distanceKm = tripDistanceKm(origin, destination);
    const feeMinor = computeDeliveryFee({ countryCode: country.code, distanceKm });
    if (feeMinor === null) throw keyedError(422, 'CannotComputePrice', 'request.error.cannot-compute-price');
    return { feeMinor, distanceKm };
  }

  function deliverable(vendor: VendorRow, origin: GeoPoint, destination: GeoPoint): boolean {
    return isTestVendor(config, vendor.vendor_id) || isDeliverable(vendor.delivery_area, origin, destination);
  }

  /** The vendor's fee for the trip; a test vendor's is 0 where the country has no price for it (spec §8). */
  function vendorFee(vendor: VendorRow, origin: GeoPoint, destination: GeoPoint): FeeQuoteResult {
    if (!isTestVendor(config, vendor.vendor_id)) return feeFor(origin, destination);
    const distanceKm = tripDistanceKm(origin, destination);
    return { feeMinor: computeDeliveryFee({ countryCode: country.code, distanceKm }) ?? 0, distanceKm };
  }

  async function estimationsFor(vendor: VendorRow, origin: GeoPoint, destination: GeoPoint): Promise<Estimations> {
    let pickup = vendor.estimation_pick_up_time;
    if (pickup === null) {
      // The rows of one file share one look for a rider near their collection point (decision 054).
      const rider = await snapshotRead(`nearest-rider:${origin.lat},${origin.lng}`, () => nearestFreeRider(origin));
      pickup = rider ? travelMinutes(tripDistanceKm(rider, origin)) : LOGIN_PICKUP_ESTIMATION;
    }
    const delivery = travelMinutes(tripDistanceKm(origin, destination));
    // spec §9 "Country ETA minimum 8".
    return {
      pickup_minutes: Math.max(COUNTRY_ETA_MINIMUM, Math.ceil(pickup)),
      delivery_minutes: Math.max(COUNTRY_ETA_MINIMUM, delivery),
    };
  }

  return {
    feeFor,
    vendorFee,
    deliverable,
    estimationsFor,

    async quoteFee(caller: Caller, body: DeliveryFeeBody): Promise<DeliveryFee> {
      const vendor = await vendors.vendorOfCaller(caller, body.vendor_id);
      // A vendor with a saved outlet is always priced from it; `source` only matters for a sender pickup.
      const origin = originOf(vendor, { lat: body.source.lat, lng: body.source.lon });
      const destination = { lat: body.destination.lat, lng: body.destination.lon };
      const { feeMinor, distanceKm } = vendorFee(vendor, origin, destination);
      const expiresAt = signer.expiry();
      const signature = signer.signQuote({ vendorId: vendor.vendor_id, origin, destination, feeMinor }, expiresAt);
      return {
        fee: fromMinor(feeMinor, country.currency),
        signature,
        expires_at: new Date(expiresAt * 1000).toISOString(),
        distance_km: Math.round(distanceKm * 1000) / 1000,
        currency: country.currency,
      };
    },

    async validateArea(caller: Caller, body: DeliveryAreaBody): Promise<DeliveryAreaResult> {
      const vendor = await vendors.vendorOfCaller(caller, body.vendor_id);
      const origin = originOf(vendor, { lat: body.vendor_location.latitude, lng: body.vendor_location.longitude });
      return deliverable(vendor, origin, body.location) ? 'DELIVERABLE' : 'UNDELIVERABLE';
    },

    async estimate(caller: Caller, body: EstimationsBody): Promise<Estimations> {
      const vendor = await vendors.vendorOfCaller(caller, body.vendor_id);
      const origin = originOf(vendor, { lat: body.vendor_location.latitude, lng: body.vendor_location.longitude });
      return estimationsFor(vendor, origin, body.location);
    },
  };
}
