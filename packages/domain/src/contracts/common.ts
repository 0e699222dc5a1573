import { z } from 'zod';

/**
 * Every failed call answers this envelope. `code` is machine readable (for login the
 * spec §8 codes such as NotAuthorizedException), `message` is a translation key or text,
 * and `errors[].meta.translation_key` carries field-level keys (spec §7: registration
 * failure shows the first error's translation key).
 */
export const ApiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string().optional(),
        message: z.string(),
        meta: z.object({ translation_key: z.string() }),
      }),
    )
    .default([]),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** spec §7 answers wrap their payload in `result`. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });

export const VendorIdSchema = z.string().min(1).max(64);

export const OkResultSchema = resultOf(z.boolean());
export type OkResult = z.infer<typeof OkResultSchema>;
