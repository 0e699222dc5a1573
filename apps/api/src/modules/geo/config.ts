/** The geocoder's settings, parsed with the rest of the environment in src/config.ts. */
export interface GeoConfig {
  /** Nominatim-compatible base URL; null selects the bundled gazetteer. */
  geocoderUrl: string | null;
  geocoderUserAgent: string;
  geocoderTimeoutMs: number;
}
