import { z } from 'zod';
import { CARD_METHODS } from '../constants.ts';
import { IdSchema, resultOf, textSchema, tokenSchema, VendorIdSchema } from './common.ts';
import { OrderCreateBodySchema } from './orders.ts';

// spec §7 payment calls and spec §3 payment state. Card numbers never travel through these: the provider's
// hosted fields turn them into a token (`card.token`), and the answers show only scheme, bin and last four.

export const CardMethodSchema = z.enum(CARD_METHODS);

/** spec §3 newOrExistingCard. */
export const CARD_CHOICES = ['NOT_SET', 'NEW', 'EXISTING'] as const;
export type CardChoice = (typeof CARD_CHOICES)[number];

/** A saved card as the merchant recognises it (spec §3 creditCards). */
export const SavedCardSchema = z.object({
  id: IdSchema,
  scheme: z.string(),
  bin: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  holder_name: z.string(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

/** POST /order/payment/auth/{vendorId}. */
export const PaymentAuthParamsSchema = z.object({ vendorId: VendorIdSchema });
export const PaymentAuthAnswerSchema = resultOf(
  z.object({
    wallet_id: IdSchema,
    access_token: z.string(),
    /** Seconds. */
    expires_in: z.number().int(),
    /** The provider's hosted card-fields page, framed by the card step (null: the fields are Microform's). */
    card_fields_url: z.string().nullable(),
    /**
     * CyberSource Microform (decision 096): the capture context and the client library it names (checked
     * to be CyberSource's), which the card step loads to show CyberSource's own number and CVC fields.
     */
    microform: z
      .object({
        capture_context: z.string(),
        client_library: z.string(),
        client_library_integrity: z.string().nullable(),
      })
      .optional(),
  }),
);
export type PaymentAuthAnswer = z.infer<typeof PaymentAuthAnswerSchema>;

/** POST /order/payment/intent: the order as it will be placed, so the amount comes from its signed fee. */
export const PaymentIntentBodySchema = z.object({
  wallet_id: IdSchema,
  order: OrderCreateBodySchema,
});
export type PaymentIntentBody = z.infer<typeof PaymentIntentBodySchema>;

export const PaymentIntentAnswerSchema = resultOf(
  z.object({
    intent_id: IdSchema,
    /** What the card is charged, in major units of `currency`. */
    amount: z.number(),
    currency: z.string(),
    payment_methods: z.array(z.object({ name: CardMethodSchema, paymentInstruments: z.array(SavedCardSchema) })),
  }),
);
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswerSchema>;

// A CyberSource Microform transient token is a signed JWT of a few kilobytes.
const CardTokenSchema = tokenSchema(4096);
const HolderNameSchema = textSchema(100, { min: 1, trim: true });

/** POST /order/payment/intent/confirm (spec §7): a new card's token, or a saved card's id. */
export const PaymentConfirmBodySchema = z
  .object({
    order: OrderCreateBodySchema,
    bearer_token: tokenSchema(256),
    purchase_intent_id: IdSchema,
    payment_method: CardMethodSchema,
    payment_instrument_id: IdSchema.nullable(),
    card: z
      .object({
        token: CardTokenSchema,
        holder_name: HolderNameSchema,
        save_card: z.boolean(),
      })
      .nullable(),
  })
  .refine((body) => (body.card === null) !== (body.payment_instrument_id === null), {
    message: 'either a new card or a saved card',
    path: ['card'],
  });
export type PaymentConfirmBody = z.infer<typeof PaymentConfirmBodySchema>;

export const PaymentConfirmAnswerSchema = resultOf(
  z.object({
    order_id: IdSchema,
    redirect_required: z.object({ redirectUrl: z.string() }).optional(),
  }),
);
export type PaymentConfirmAnswer = z.infer<typeof PaymentConfirmAnswerSchema>;

export const SavedCardsParamsSchema = z.object({ vendorId: VendorIdSchema });
export const SavedCardsAnswerSchema = resultOf(z.array(SavedCardSchema));
export const SavedCardParamsSchema = z.object({ vendorId: VendorIdSchema, cardId: IdSchema });

/** spec §8 payment errors and the provider's declines, as translation keys. */
export const PAYMENT_ERROR_KEYS = {
  init: 'error.payment.init',
  intentCreation: 'error.payment.intent-creation',
  getIfEnabled: 'error.payment.get-if-enabled',
  feeChanged: 'error.fee.changed',
  feeRecompute: 'error.fee.recompute',
  noPaymentMethod: 'error.no-payment-method-available',
  declined: 'error.payment.card-declined',
  insufficientFunds: 'error.payment.insufficient-funds',
  authenticationFailed: 'error.payment.authentication-failed',
  invalidCard: 'error.payment.invalid-card',
  inProgress: 'error.payment.in-progress',
  intentExpired: 'error.payment.intent-expired',
} as const;

/** The hosted card fields (sandbox provider): what the framed page posts, never seen by the merchant's page. */
export const SandboxTokenBodySchema = z.object({
  wallet_id: IdSchema,
  number: z.string().max(32),
  exp_month: z.string().max(2),
  exp_year: z.string().max(4),
  cvc: z.string().max(4),
  holder_name: HolderNameSchema,
});
export type SandboxTokenBody = z.infer<typeof SandboxTokenBodySchema>;

export const CARD_FIELDS = ['number', 'expiry', 'cvc', 'holder_name'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const SandboxTokenAnswerSchema = z.union([
  z.object({
    token: z.string(),
    card: z.object({
      scheme: z.string(),
      bin: z.string(),
      last4: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
    }),
  }),
  z.object({ errors: z.array(z.enum(CARD_FIELDS)) }),
]);
export type SandboxTokenAnswer = z.infer<typeof SandboxTokenAnswerSchema>;

/** The messages between the card step and the framed card fields (window.postMessage). */
export const CARD_FIELDS_MESSAGE = {
  tokenise: 'riderdesk.card-fields.tokenise',
  tokenised: 'riderdesk.card-fields.tokenised',
  invalid: 'riderdesk.card-fields.invalid',
  ready: 'riderdesk.card-fields.ready',
} as const;
