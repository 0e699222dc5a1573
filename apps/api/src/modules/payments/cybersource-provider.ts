import { createHash, createHmac } from 'node:crypto';
import { PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import { currencyExponent, fromMinor } from '@riderdesk/domain/money';
import { z } from 'zod';
import { keyedError } from '../../errors.ts';
import type { ConfirmOutcome, DeclineCode, MoneyMovement, PaymentProvider, ProviderCard } from './provider.ts';

export const CYBERSOURCE = 'cybersource';

export interface CybersourceOptions {
  /** https://apitest.cybersource.com (test) or https://api.cybersource.com (production). */
  url: string;
  merchantId: string;
  /** The shared secret key's serial number (Business Center, Key Management). */
  keyId: string;
  /** The shared secret key, base64 as the Business Center shows it. */
  secretKey: string;
  timeoutMs: number;
  now: () => Date;
  fetch?: typeof fetch;
}

/** The headers CyberSource's HTTP Signature covers, in this order (GET calls carry no digest). */
const SIGNED_POST_HEADERS = ['host', 'date', 'request-target', 'digest', 'v-c-merchant-id'] as const;
const SIGNED_GET_HEADERS = ['host', 'date', 'request-target', 'v-c-merchant-id'] as const;

/** `SHA-256=<base64 of the body's SHA-256>`, the Digest header of a POST. */
export const bodyDigest = (body: string) => `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;

/**
 * The signing string of an HTTP Signature call: one `name: value` line per signed header, request-target
 * being `<method lower-case> <path>`. Shared by the adapter and the fake server of the tests.
 */
export function signingString(values: Record<string, string>, headers: readonly string[]): string {
  return headers.map((name) => `${name}: ${values[name] ?? ''}`).join('\n');
}

/** The Signature header: keyid, algorithm HmacSHA256, the signed headers, and the HMAC with the decoded key. */
export function signatureHeader(
  options: Pick<CybersourceOptions, 'keyId' | 'secretKey'>,
  values: Record<string, string>,
  headers: readonly string[],
): string {
  const signature = createHmac('sha256', Buffer.from(options.secretKey, 'base64'))
    .update(signingString(values, headers), 'utf8')
    .digest('base64');
  return `keyid="${options.keyId}", algorithm="HmacSHA256", headers="${headers.join(' ')}", signature="${signature}"`;
}

const AmountSchema = z.object({ totalAmount: z.string().max(32).optional() }).partial();
const PaymentAnswerSchema = z.object({
  id: z.string().max(64).optional(),
  status: z.string().max(64),
  errorInformation: z
    .object({ reason: z.string().max(64).optional() })
    .partial()
    .optional(),
  consumerAuthenticationInformation: z
    .object({ stepUpUrl: z.string().max(2048).optional(), accessToken: z.string().max(8192).optional() })
    .partial()
    .optional(),
  tokenInformation: z
    .object({ paymentInstrument: z.object({ id: z.string().max(64) }).optional() })
    .partial()
    .optional(),
  orderInformation: z.object({ amountDetails: AmountSchema.optional() }).partial().optional(),
});
const MovementAnswerSchema = z.object({
  id: z.string().max(64).optional(),
  status: z.string().max(64),
  errorInformation: z
    .object({ reason: z.string().max(64).optional() })
    .partial()
    .optional(),
});

/** What the Microform transient token (a JWT) says of the card: masked number, type and expiry, never the number. */
const TransientTokenSchema = z.object({
  data: z.object({
    number: z.string().regex(/^\d{6}X+\d{4}$/),
    type: z.string().max(8),
    expirationMonth: z.string().regex(/^\d{1,2}$/),
    expirationYear: z.string().regex(/^\d{4}$/),
  }),
});

/** CyberSource's card type codes. */
const SCHEMES: Record<string, string> = {
  '001': 'visa',
  '002': 'mastercard',
  '003': 'amex',
  '004': 'discover',
  '005': 'diners',
  '007': 'jcb',
  '042': 'maestro',
};

function cardOfTransientToken(jwt: string): ProviderCard | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = TransientTokenSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    const { number, type, expirationMonth, expirationYear } = parsed.data.data;
    return {
      scheme: SCHEMES[type] ?? 'card',
      bin: number.slice(0, 6),
      last4: number.slice(-4),
      expMonth: Number(expirationMonth),
      expYear: Number(expirationYear),
    };
  } catch {
    return null;
  }
}

/** errorInformation.reason of a DECLINED answer, in the provider interface's words. */
function declineCode(reason: string | undefined): DeclineCode {
  if (reason === 'INSUFFICIENT_FUND' || reason === 'EXCEEDS_CREDIT_LIMIT') return 'insufficient_funds';
  if (reason === 'CONSUMER_AUTHENTICATION_FAILED') return 'authentication_failed';
  if (reason === 'EXPIRED_CARD' || reason === 'INVALID_ACCOUNT' || reason === 'INVALID_CVN') return 'invalid_card';
  return 'card_declined';
}

/** clientReferenceInformation.code is at most 50 characters; our keys can be longer. */
const referenceCode = (key: string) =>
  key.length <= 50 ? key : createHash('sha256').update(key).digest('base64url').slice(0, 43);

class CybersourceUnavailable extends Error {}

/**
 * The CyberSource REST adapter (decision 061): payments (authorisation), captures and refunds under
 * /pts/v2, each call signed with CyberSource's HTTP Signature (HmacSHA256 over host, date,
 * request-target, digest and v-c-merchant-id). The authorisation answers synchronously, so a confirm
 * answers `authorised` instead of waiting for a webhook.
 */
export function cybersourceProvider(options: CybersourceOptions) {
  const base = new URL(options.url);
  const doFetch = options.fetch ?? fetch;

  async function call(
    method: 'POST' | 'GET',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const values: Record<string, string> = {
      host: base.host,
      date: options.now().toUTCString(),
      'request-target': `${method.toLowerCase()} ${path}`,
      'v-c-merchant-id': options.merchantId,
    };
    if (method === 'POST') values.digest = bodyDigest(text);
    const signed = method === 'POST' ? SIGNED_POST_HEADERS : SIGNED_GET_HEADERS;
    const headers: Record<string, string> = {
      accept: 'application/hal+json;charset=utf-8',
      date: values.date!,
      'v-c-merchant-id': options.merchantId,
      signature: signatureHeader(options, values, signed),
    };
    if (method === 'POST') {
      headers['content-type'] = 'application/json;charset=utf-8';
      headers.digest = values.digest!;
    }
    let response: Response;
    try {
      response = await doFetch(new URL(path, base), {
        method,
        headers,
        ...(method === 'POST' ? { body: text } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new CybersourceUnavailable(`cybersource ${path} failed: ${String(error)}`);
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    // 5xx (SERVER_ERROR) and 401 (our keys) are not the card's answer; the caller retries or reports.
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
      throw new CybersourceUnavailable(`cybersource ${path} answered ${response.status}`);
    }
    return { status: response.status, json };
  }

  const amountDetails = (amountMinor: number, currency: string) => ({
    totalAmount: fromMinor(amountMinor, currency).toFixed(currencyExponent(currency)),
    currency,
  });

  async function movement(path: string, body: unknown): Promise<MoneyMovement> {
    let answer: { status: number; json: unknown };
    try {
      answer = await call('POST', path, body);
    } catch (error) {
      if (error instanceof CybersourceUnavailable) return { status: 'failed', ref: null, code: 'provider_unavailable' };
      throw error;
    }
    const parsed = MovementAnswerSchema.safeParse(answer.json);
    if (answer.status === 201 && parsed.success && parsed.data.status === 'PENDING') {
      return { status: 'succeeded', ref: parsed.data.id ?? null, code: null };
    }
    const reason = parsed.success ? (parsed.data.errorInformation?.reason ?? parsed.data.status) : 'unexpected_answer';
    return { status: 'failed', ref: null, code: reason.toLowerCase() };
  }

  const provider = {
    name: CYBERSOURCE,

    /** Microform (CyberSource's hosted fields) is not framed by the card step yet: card payment is not offered. */
    async authoriseWallet(): Promise<{ cardFieldsUrl: string }> {
      throw keyedError(403, 'OnlinePaymentUnavailable', PAYMENT_ERROR_KEYS.getIfEnabled);
    },

    /** CyberSource has no intent object: the payment is created at confirm; this names our intent for the logs. */
    async createIntent(input: { idempotencyKey: string }) {
      return { providerIntentId: `cs_${referenceCode(input.idempotencyKey)}` };
    },

    async confirm(input: Parameters<PaymentProvider['confirm']>[0]): Promise<ConfirmOutcome> {
      const card = input.source.kind === 'token' ? cardOfTransientToken(input.source.token) : null;
      const body: Record<string, unknown> = {
        clientReferenceInformation: { code: referenceCode(input.idempotencyKey) },
        processingInformation: {
          capture: false,
          actionList: ['CONSUMER_AUTHENTICATION'],
          ...(input.source.kind === 'token' && input.source.save
            ? { actionList: ['CONSUMER_AUTHENTICATION', 'TOKEN_CREATE'], actionTokenTypes: ['paymentInstrument'] }
            : {}),
        },
        orderInformation: {
          amountDetails: amountDetails(input.amountMinor, input.currency),
          ...(input.source.kind === 'token' ? { billTo: { firstName: input.source.holderName } } : {}),
        },
        ...(input.source.kind === 'token'
          ? { tokenInformation: { transientTokenJwt: input.source.token } }
          : { paymentInformation: { paymentInstrument: { id: input.source.instrumentRef } } }),
        consumerAuthenticationInformation: { returnUrl: input.returnUrl },
      };
      const answer = await call('POST', '/pts/v2/payments', body).catch((error: unknown) => {
        if (error instanceof CybersourceUnavailable) {
          throw keyedError(503, 'PaymentProviderUnavailable', PAYMENT_ERROR_KEYS.inProgress);
        }
        throw error;
      });
      const parsed = PaymentAnswerSchema.safeParse(answer.json);
      if (!parsed.success || (answer.status !== 201 && answer.status !== 400)) {
        return { status: 'declined', paymentRef: null, code: 'card_declined', card };
      }
      const payment = parsed.data;
      const paymentRef = payment.id ?? null;
      const shown: ProviderCard = card ?? { scheme: 'card', bin: '', last4: '', expMonth: 0, expYear: 0 };
      const instrumentRef = payment.tokenInformation?.paymentInstrument?.id ?? null;
      if (answer.status === 201 && paymentRef && payment.status === 'AUTHORIZED') {
        return { status: 'authorised', paymentRef, card: shown, instrumentRef };
      }
      const stepUpUrl = payment.consumerAuthenticationInformation?.stepUpUrl;
      if (answer.status === 201 && paymentRef && payment.status === 'PENDING_AUTHENTICATION' && stepUpUrl) {
        return { status: 'challenge_required', paymentRef, redirectUrl: stepUpUrl, card: shown, instrumentRef };
      }
      // DECLINED, AUTHORIZED_PENDING_REVIEW (held for review: not a payment we can dispatch on), INVALID_REQUEST.
      return {
        status: 'declined',
        paymentRef,
        code: answer.status === 400 ? 'invalid_card' : declineCode(payment.errorInformation?.reason),
        card,
      };
    },

    capture(input: { paymentRef: string; amountMinor: number; idempotencyKey: string; currency: string }) {
      return movement(`/pts/v2/payments/${encodeURIComponent(input.paymentRef)}/captures`, {
        clientReferenceInformation: { code: referenceCode(input.idempotencyKey) },
        orderInformation: { amountDetails: amountDetails(input.amountMinor, input.currency) },
      });
    },

    refund(input: { paymentRef: string; amountMinor: number; idempotencyKey: string; currency: string }) {
      return movement(`/pts/v2/payments/${encodeURIComponent(input.paymentRef)}/refunds`, {
        clientReferenceInformation: { code: referenceCode(input.idempotencyKey) },
        orderInformation: { amountDetails: amountDetails(input.amountMinor, input.currency) },
      });
    },

    /** The authorisation answers synchronously; no CyberSource webhook is subscribed, so none is accepted. */
    verifyWebhook(): never {
      throw keyedError(400, 'WebhookInvalid', 'WebhookInvalid');
    },
  } satisfies PaymentProvider;
  return provider;
}
