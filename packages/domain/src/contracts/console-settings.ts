import { z } from 'zod';
import { IdSchema, textSchema } from './common.ts';
import { FLAG_NAMES } from './flags.ts';
import { COUNTRY_PARAMETER_NAMES } from './vendors.ts';

/** The console's Platform settings page (issue 36, decision 183). */

/** ISO 3166-1 alpha-2, as the deployment's country is named. */
const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'console.settings.error.country-code');

export const FlagNameSchema = z.enum(FLAG_NAMES as [string, ...string[]], 'console.settings.error.unknown-flag');

/** Where a flag's value holds: the whole deployment, one country, or one vendor (and its collection points). */
export const FlagScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('global') }),
  z.object({ kind: z.literal('country'), country_code: CountryCodeSchema }),
  z.object({ kind: z.literal('vendor'), vendor_id: IdSchema }),
]);
export type FlagScope = z.infer<typeof FlagScopeSchema>;

export const FlagOverrideSchema = z.object({
  name: z.string(),
  value: z.boolean(),
  country_code: z.string().nullable(),
  vendor_id: z.string().nullable(),
});

export const FlagSettingsSchema = z.object({
  /** The built-in defaults (the seed), the deployment's values over them, and the countries' and vendors'. */
  defaults: z.record(z.string(), z.boolean()),
  global: z.record(z.string(), z.boolean()),
  overrides: z.array(FlagOverrideSchema),
  /** The flags as they hold for the deployment's country now. */
  effective: z.record(z.string(), z.boolean()),
});
export type FlagSettings = z.infer<typeof FlagSettingsSchema>;

export const FlagParamsSchema = z.object({ name: FlagNameSchema });

/** PUT /api/v1/console/settings/flags/{name}: null removes a country's or vendor's value (the wider one holds). */
export const FlagChangeBodySchema = z.object({ scope: FlagScopeSchema, value: z.boolean().nullable() });
export type FlagChangeBody = z.infer<typeof FlagChangeBodySchema>;

export const MAINTENANCE_KINDS = ['planned', 'unplanned'] as const;
/** PUT /api/v1/console/settings/maintenance: takes effect on every instance and every open page. */
export const MaintenanceBodySchema = z.object({ kind: z.enum(MAINTENANCE_KINDS), on: z.boolean() });
export type MaintenanceBody = z.infer<typeof MaintenanceBodySchema>;
export const MaintenanceStateSchema = z.object({ planned: z.boolean(), unplanned: z.boolean() });

export const CountryParameterNameSchema = z.enum(COUNTRY_PARAMETER_NAMES);
export const CountryParametersSchema = z.object({
  parameters: z.record(z.string(), z.string().nullable()),
});
export type CountryParameters = z.infer<typeof CountryParametersSchema>;
export const CountryParameterSettingParamsSchema = z.object({ name: CountryParameterNameSchema });

/** PUT /api/v1/console/settings/country-parameters/{name}: every value travels as a string (spec §7). */
export const CountryParameterBodySchema = z.object({ value: textSchema(500, { trim: true }) });
export type CountryParameterBody = z.infer<typeof CountryParameterBodySchema>;

export const PartnerTokenSchema = z.object({
  id: z.string(),
  vendor_id: z.string(),
  label: z.string().nullable(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
});
export type PartnerToken = z.infer<typeof PartnerTokenSchema>;
export const PartnerTokenListSchema = z.object({ tokens: z.array(PartnerTokenSchema) });

/** POST /api/v1/console/settings/partner-tokens: the token is answered once, only its sha256 is kept. */
export const PartnerTokenIssueBodySchema = z.object({
  vendor_id: IdSchema,
  days: z.number().int().min(1).max(365).default(30),
  label: textSchema(100, { trim: true }).nullable().optional(),
});
export type PartnerTokenIssueBody = z.input<typeof PartnerTokenIssueBodySchema>;
export const PartnerTokenIssuedSchema = PartnerTokenSchema.extend({ token: z.string() });
export const PartnerTokenParamsSchema = z.object({ tokenId: z.uuid() });
