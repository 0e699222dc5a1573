import type { GeoConfig } from './config.ts';
import { flagSelectedGeocoder } from './flag-geocoder.ts';
import { gazetteerGeocoder } from './gazetteer-geocoder.ts';
import type { Geocoder } from './geocoder.ts';
import { googlePlacesGeocoder } from './google-places-geocoder.ts';
import { nominatimGeocoder } from './nominatim-geocoder.ts';

/**
 * GEOCODER_URL selects the HTTP geocoder; without it the bundled gazetteer answers offline. With
 * GOOGLE_PLACES_API_KEY the GoogleAutocomplete flag switches suggestions to Google Places.
 */
export function createGeocoder(
  config: GeoConfig,
  isGoogleOn: () => Promise<boolean>,
  deployment: Geocoder = deploymentGeocoder(config),
): Geocoder {
  if (!config.googlePlaces) return deployment;
  const google = googlePlacesGeocoder({ ...config.googlePlaces, timeoutMs: config.geocoderTimeoutMs });
  return flagSelectedGeocoder(deployment, google, isGoogleOn);
}

function deploymentGeocoder(config: GeoConfig): Geocoder {
  if (!config.geocoderUrl) return gazetteerGeocoder();
  return nominatimGeocoder({
    url: config.geocoderUrl,
    userAgent: config.geocoderUserAgent,
    timeoutMs: config.geocoderTimeoutMs,
  });
}
