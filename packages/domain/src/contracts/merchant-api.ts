import { z } from 'zod';
import { API_CLIENT_SCOPES } from '../merchant-api/credentials.ts';
import { IdSchema, textSchema, VendorIdSchema } from './common.ts';

/** A PEM-encoded public key as uploaded (SPKI, "-----BEGIN PUBLIC KEY-----"); its kind is checked by the server. */
export const PublicKeyPemSchema = z
  .string()
  .max(4096)
  .regex(/^\s*-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----\s*$/, 'expected a PEM public key');

/** POST /merchant-api/clients: a client needs a public key, a secret, or both. */
export const ApiClientCreateBodySchema = z
  .object({
    vendor_id: VendorIdSchema,
    name: textSchema(100, { min: 1, trim: true }),
    scope: z.enum(API_CLIENT_SCOPES),
    /** With scope 'outlets': the outlets (vendors of vendor_id's tree) the client acts for. */
    outlet_ids: z.array(VendorIdSchema).max(500).default([]),
    public_key_pem: PublicKeyPemSchema.optional(),
    with_secret: z.boolean().default(false),
  })
  .refine((body) => body.public_key_pem !== undefined || body.with_secret, {
    message: 'a public key or a secret is needed',
    path: ['public_key_pem'],
  })
  .refine((body) => body.scope === 'all' || body.outlet_ids.length > 0, {
    message: 'choose at least one outlet',
    path: ['outlet_ids'],
  });
export type ApiClientCreateBody = z.infer<typeof ApiClientCreateBodySchema>;

export const ApiClientKeySchema = z.object({
  key_id: z.string(),
  created_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiClientKey = z.infer<typeof ApiClientKeySchema>;

export const ApiClientSchema = z.object({
  client_id: z.string(),
  vendor_id: z.string(),
  name: z.string(),
  scope: z.enum(API_CLIENT_SCOPES),
  outlet_ids: z.array(z.string()),
  environment: z.enum(['san', 'stg', 'prd']),
  has_secret: z.boolean(),
  keys: z.array(ApiClientKeySchema),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiClient = z.infer<typeof ApiClientSchema>;

/** The client secret is in this answer only: it is stored hashed. */
export const ApiClientCreatedSchema = z.object({
  client: ApiClientSchema,
  client_secret: z.string().nullable(),
});
export type ApiClientCreated = z.infer<typeof ApiClientCreatedSchema>;

export const ApiClientListSchema = z.object({ clients: z.array(ApiClientSchema) });
export type ApiClientList = z.infer<typeof ApiClientListSchema>;

export const ApiClientParamsSchema = z.object({ clientId: IdSchema });
export const ApiClientKeyParamsSchema = z.object({ clientId: IdSchema, keyId: IdSchema });
export const ApiClientKeyBodySchema = z.object({ public_key_pem: PublicKeyPemSchema });

/** POST /oauth2/token, form-encoded (RFC 6749 §4.4, RFC 7523 §2.2); every field is judged by the server. */
export const TokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  client_assertion_type: z.string().max(200).optional(),
  client_assertion: z.string().max(8192).optional(),
  scope: z.string().max(500).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** RFC 6749 §5.2. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];
export const OAuthErrorSchema = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

/** pandago's error body. */
export const MerchantApiErrorSchema = z.object({ message: z.string() });

/** GET /outletList (pandago OutletList). */
export const ApiOutletSchema = z.object({
  client_vendor_id: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone_number: z.string(),
});
export const ApiOutletListSchema = z.array(ApiOutletSchema);
export type ApiOutlet = z.infer<typeof ApiOutletSchema>;
