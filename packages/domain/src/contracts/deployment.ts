import { z } from 'zod';
import { APP_MODES } from '../config.ts';
import { resultOf } from './common.ts';

/** GET /api/v1/config — what the browser needs to serve any country from one build. */
export const PublicConfigSchema = z.object({
  country: z.object({
    code: z.string(),
    name: z.string(),
    currency: z.string(),
    phonePrefix: z.string(),
    timeZone: z.string(),
    mapCentre: z.object({ latitude: z.number(), longitude: z.number() }),
    /** spec §1: configured per brand and country; null is not configured, and not shown. */
    links: z.object({
      partnerSignUp: z.string().nullable(),
      privacy: z.string().nullable(),
      apiDocumentation: z.string().nullable(),
      deliveryServiceInfo: z.string().nullable(),
    }),
  }),
  brand: z.object({
    id: z.string(),
    serviceName: z.string(),
    primaryColor: z.string(),
    /** spec §2: set for the brand variant whose terms are an external page. */
    termsUrl: z.string().nullable(),
  }),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  defaultPaymentMethod: z.string(),
  environment: z.enum(['san', 'stg', 'prd']),
  mode: z.enum(APP_MODES),
  mapTileUrl: z.string().nullable(),
  /** The help centre host the browser initialises the frame at (spec §7); '/help-centre' is the embedded one. */
  helpCentreUrl: z.string(),
  /** Flag providers tried in turn before /fwfFallback.json (spec §7). */
  flagProviders: z.array(z.object({ name: z.string(), url: z.string() })),
  /** Whether the development outbox page is served (never in prd). */
  hasDevOutbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
export const PublicConfigAnswerSchema = resultOf(PublicConfigSchema);

/**
 * The id of the element in which the server that serves the web build puts the config call's answer, so the
 * first screen does not wait a round trip for it.
 */
export const INLINE_CONFIG_ID = 'app-config';
