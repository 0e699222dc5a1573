import { z } from 'zod';

export interface GeoConfig {
  /** Nominatim-compatible base URL; null selects the bundled gazetteer. */
  geocoderUrl: string | null;
  geocoderUserAgent: string;
  geocoderTimeoutMs: number;
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const GeoEnvSchema = z.object({
  GEOCODER_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  GEOCODER_USER_AGENT: optional,
  GEOCODER_TIMEOUT_MS: optional.pipe(z.string().regex(/^\d+$/, 'must be a whole number').optional()),
});

/**
 * The geocoder's settings, parsed once when the app is built. They live with the geo module until the
 * shared configuration schema (src/config.ts) takes them over; a bad value stops the start like any
 * other configuration problem.
 */
export function loadGeoConfig(env: NodeJS.ProcessEnv, publicUrl: string): GeoConfig {
  const parsed = GeoEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Riderdesk refuses to start; fix the configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const timeout = parsed.data.GEOCODER_TIMEOUT_MS ? Number(parsed.data.GEOCODER_TIMEOUT_MS) : 5000;
  return {
    geocoderUrl: parsed.data.GEOCODER_URL ?? null,
    // Nominatim's usage policy asks for an application name and a contact.
    geocoderUserAgent: parsed.data.GEOCODER_USER_AGENT ?? `Riderdesk/0.1 (+${publicUrl})`,
    geocoderTimeoutMs: Math.min(Math.max(timeout, 100), 30_000),
  };
}
