import { z } from 'zod';
import { MONEY_MAX, ORDER_AMOUNT_MAX } from '../constants.ts';
import { normaliseVatNumber, VAT_NUMBER_ERROR, vatNumberError } from '../validation/vat-number.ts';

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
        meta: z.object({
          translation_key: z.string(),
          /** The key's {{placeholders}}, e.g. the hours and the time of request.error.service-hours. */
          values: z.record(z.string(), z.string()).optional(),
        }),
      }),
    )
    .default([]),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** spec §7 answers wrap their payload in `result`. */
export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema });

// --- Input primitives. Every string, number and instant a client sends is built from these, so what
// PostgreSQL or Date cannot hold (a NUL byte, 1e308, year 275760) is refused as a 400 at the edge.

/** The message of a text that holds a character no field may hold. */
export const CONTROL_CHARACTER_MESSAGE = 'validation.control-characters';

// No control characters (C0, DEL, C1) and no lone surrogates: PostgreSQL refuses NUL in text, and a lone
// surrogate has no UTF-8 form, so it would be stored as U+FFFD. Each check is one character class, so it
// stays linear on a body-sized text.
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
// A multi-line text (notes) may also hold tabs and line breaks.
const NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS = /^[\t\n\r\P{Cc}]*$/u;
const NO_LONE_SURROGATES = /^\P{Cs}*$/u;

export interface TextOptions {
  min?: number;
  /** Surrounding white space is removed before the checks, and from the value. */
  trim?: boolean;
  /** Tabs and line breaks are allowed (notes, descriptions); never in a one-line value. */
  multiline?: boolean;
  /** The message of a text over `max`, when the spec names one. */
  tooLong?: string;
  /** The message of every failure of the text: a field for which the spec names one key whatever is wrong. */
  error?: string;
}

/**
 * zod's parameters that give every failure of a schema, its checks' included, one message: the spec key its
 * field answers. None keeps zod's own messages.
 */
export const keyedParams = (error: string | undefined) => (error === undefined ? undefined : { error });

/** A text of at most `max` characters, without control characters. */
export function textSchema(
  max: number,
  { min = 0, trim = false, multiline = false, tooLong, error }: TextOptions = {},
) {
  const text = z.string(keyedParams(error));
  const controlMessage = error ?? CONTROL_CHARACTER_MESSAGE;
  return (trim ? text.trim() : text)
    .regex(multiline ? NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS : NO_CONTROL_CHARACTERS, controlMessage)
    .regex(NO_LONE_SURROGATES, controlMessage)
    .min(min)
    .max(max, tooLong);
}

/** Ids in paths, queries and bodies (vendor and order ids). */
export const IdSchema = textSchema(64, { min: 1 });
export const VendorIdSchema = IdSchema;

/**
 * Opaque values the server hands out and gets back (signatures, refresh and e-mail tokens, page keys):
 * printable ASCII without spaces, as base64url, JWTs and the fee signature's `v1.<s>.<mac>` are.
 */
export const tokenSchema = (max: number, error?: string) =>
  z
    .string(keyedParams(error))
    .regex(/^[\x21-\x7e]+$/, error ?? 'validation.token')
    .max(max);

/** An amount a client sends, in major units: bounded, so it always fits the stored minor units. */
export const moneyInputSchema = (error?: string) => z.number(keyedParams(error)).min(0).max(MONEY_MAX);
export const MoneyInputSchema = moneyInputSchema();
/** An order's amount as a client sends it: at most ORDER_AMOUNT_MAX. */
export const OrderAmountInputSchema = MoneyInputSchema.max(ORDER_AMOUNT_MAX);

/**
 * The last second a four-digit year can write (9999-12-31T23:59:59Z). Every instant a client sends lies
 * between the Unix epoch and this, well inside what Date and PostgreSQL's timestamptz hold.
 */
export const UNIX_SECONDS_MAX = 253_402_300_799;

/** Unix time in seconds (spec §3 preordered_for). */
export const unixSecondsSchema = (error?: string) => z.number(keyedParams(error)).int().min(0).max(UNIX_SECONDS_MAX);
export const UnixSecondsSchema = unixSecondsSchema();

// Real offsets run from -12:00 to +14:00; PostgreSQL refuses some that ISO 8601 allows (+23:59).
const OFFSET_MAX_MINUTES = 14 * 60;

function isInstantInRange(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time) || time < 0 || time > UNIX_SECONDS_MAX * 1000) return false;
  const offset = /([+-])(\d\d):(\d\d)$/.exec(value);
  return !offset || Number(offset[2]) * 60 + Number(offset[3]) <= OFFSET_MAX_MINUTES;
}

/** An ISO 8601 instant with its offset, from 1970 to 9999. */
export const InstantInputSchema = z.iso
  .datetime({ offset: true })
  .refine(isInstantInRange, 'validation.instant-out-of-range');

// Query strings carry numbers as text: only plain decimals, so '' is not 0, '0x10' is not 16 and
// 'Infinity' is not a number.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number sent in a query string, then checked by `schema` (its bounds). */
export const queryNumberSchema = <T extends z.ZodNumber>(schema: T) =>
  z.string().trim().regex(DECIMAL, 'validation.number').max(32).transform(Number).pipe(schema);

/** spec §9: VAT number 8 characters; blank means none (spec §3 vat_number is optional). */
export const vatNumberSchema = (error?: string) =>
  textSchema(64, { error })
    .refine((value) => vatNumberError(value) === null, VAT_NUMBER_ERROR)
    .transform(normaliseVatNumber);
export const VatNumberSchema = vatNumberSchema();

export const OkResultSchema = resultOf(z.boolean());
export type OkResult = z.infer<typeof OkResultSchema>;
