/** The geocoder's settings, parsed with the rest of the environment in src/config.ts. */
export interface GeoConfig {
  /** Nominatim-compatible base URL; null selects the bundled gazetteer. */
  geocoderUrl: string | null;
  geocoderUserAgent: string;
  geocoderTimeoutMs: number;
  /**
   * GOOGLE_PLACES_API_KEY: with the GoogleAutocomplete flag on, suggestions and their details come from the
   * Places API (New) at `url`; null leaves the flag without effect.
   */
  googlePlaces: { apiKey: string; url: string } | null;
}
