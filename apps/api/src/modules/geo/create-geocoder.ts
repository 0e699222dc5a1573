import type { GeoConfig } from './config.ts';
import { gazetteerGeocoder } from './gazetteer-geocoder.ts';
import type { Geocoder } from './geocoder.ts';
import { nominatimGeocoder } from './nominatim-geocoder.ts';

/** GEOCODER_URL selects the HTTP geocoder; without it the bundled gazetteer answers offline. */
export function createGeocoder(config: GeoConfig): Geocoder {
  if (!config.geocoderUrl) return gazetteerGeocoder();
  return nominatimGeocoder({
    url: config.geocoderUrl,
    userAgent: config.geocoderUserAgent,
    timeoutMs: config.geocoderTimeoutMs,
  });
}
