import { z } from 'zod';
import { resultOf, tokenSchema } from './common.ts';

/** spec §3: the vendor a guest acts for is shown as 'guest'; 'vendorID' is its id before a session exists. */
export const GUEST_VENDOR_NAME = 'guest';
export const GUEST_VENDOR_DEFAULT_ID = 'vendorID';

/** GET /guest/challenge: what the browser must solve before it gets a guest session. */
export const GuestChallengeAnswerSchema = resultOf(
  z.object({ challenge: z.string(), difficulty: z.number().int().min(0).max(32) }),
);
export type GuestChallengeAnswer = z.infer<typeof GuestChallengeAnswerSchema>;

export const GuestSessionBodySchema = z.object({
  challenge: tokenSchema(512),
  nonce: z.string().regex(/^\d{1,12}$/, 'validation.nonce'),
});
export type GuestSessionBody = z.infer<typeof GuestSessionBodySchema>;

/** spec §4: a guest token with a numeric exp (unix seconds), tied to the guest's own vendor. */
export const GuestSessionSchema = z.object({
  token: z.string(),
  exp: z.number().int(),
  vendor_id: z.string(),
});
export type GuestSession = z.infer<typeof GuestSessionSchema>;
export const GuestSessionAnswerSchema = resultOf(GuestSessionSchema);

/** A guest token sent with a registration or a login, whose orders the account takes over (spec §4). */
export const GuestTokenSchema = tokenSchema(2048);
