import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import { currencyExponent, fromMinor } from '@riderdesk/domain/money';
import { z } from 'zod';
import { AppError, keyedError } from '../../errors.ts';
import type {
  CardFields,
  ChallengeOutcome,
  ConfirmOutcome,
  DeclineCode,
  MoneyMovement,
  PaymentProvider,
  PaymentSource,
  ProviderCard,
  WebhookEvent,
} from './provider.ts';

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
  /** The origin the card step runs on (PUBLIC_URL): Microform's capture context is bound to it. */
  targetOrigin: string;
  /**
   * The webhook digital signature key (Key Management, keys-sym) and its id; without it no notification is
   * accepted.
   */
  webhook: { keyId: string; key: string } | null;
  now: () => Date;
  fetch?: typeof fetch;
}

/** Where CyberSource serves the Microform client library (test and production). */
export const MICROFORM_LIBRARY_HOSTS = ['testflex.cybersource.com', 'flex.cybersource.com'] as const;

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
    .object({
      stepUpUrl: z.string().max(2048).optional(),
      accessToken: z.string().max(8192).optional(),
      authenticationTransactionId: z.string().max(128).optional(),
    })
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
  ): Promise<{ status: number; json: unknown; text: string }> {
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
    let answerText = '';
    try {
      answerText = await response.text();
    } catch (error) {
      throw new CybersourceUnavailable(`cybersource ${path} answer lost: ${String(error)}`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(answerText);
    } catch {
      json = null;
    }
    // 5xx (SERVER_ERROR) and 401 (our keys) are not the card's answer; the caller retries or reports.
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
      throw new CybersourceUnavailable(`cybersource ${path} answered ${response.status}`);
    }
    return { status: response.status, json, text: answerText };
  }

  const amountDetails = (amountMinor: number, currency: string) => ({
    totalAmount: fromMinor(amountMinor, currency).toFixed(currencyExponent(currency)),
    currency,
  });

  async function movement(path: string, body: unknown): Promise<MoneyMovement> {
    let answer: { status: number; json: unknown; text: string };
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

  /** The card as CyberSource wants it: the Microform transient token, or a saved payment instrument. */
  const paymentSourceFields = (source: PaymentSource) =>
    source.kind === 'token'
      ? { tokenInformation: { transientTokenJwt: source.token } }
      : { paymentInformation: { paymentInstrument: { id: source.instrumentRef } } };

  /** The Microform client library named by a capture context, only from CyberSource (or the configured endpoint). */
  function libraryOf(captureContext: string): { clientLibrary: string; clientLibraryIntegrity: string | null } {
    const parsed = CaptureContextSchema.safeParse(jwtPayload(captureContext));
    if (!parsed.success) throw keyedError(503, 'PaymentProviderUnavailable', PAYMENT_ERROR_KEYS.init);
    const data = parsed.data.ctx[0]!.data;
    let library: URL;
    try {
      library = new URL(data.clientLibrary);
    } catch {
      throw keyedError(503, 'PaymentProviderUnavailable', PAYMENT_ERROR_KEYS.init);
    }
    const isCybersource =
      library.protocol === 'https:' && (MICROFORM_LIBRARY_HOSTS as readonly string[]).includes(library.hostname);
    // The configured endpoint (a local fake CyberSource in tests) may serve its own stand-in library.
    const isConfigured = library.origin === base.origin;
    if (!isCybersource && !isConfigured) throw keyedError(503, 'PaymentProviderUnavailable', PAYMENT_ERROR_KEYS.init);
    return { clientLibrary: library.href, clientLibraryIntegrity: data.clientLibraryIntegrity ?? null };
  }

  /** A payment answer in the provider interface's words (the first authorisation and the one after 3-D Secure). */
  function outcomeOf(answer: { status: number; json: unknown }):
    | { status: 'authorised'; paymentRef: string; instrumentRef: string | null }
    | {
        status: 'pending_authentication';
        paymentRef: string;
        stepUpUrl: string;
        accessToken: string;
        authenticationTransactionId: string;
        instrumentRef: string | null;
      }
    | { status: 'declined'; paymentRef: string | null; code: DeclineCode } {
    const parsed = PaymentAnswerSchema.safeParse(answer.json);
    if (!parsed.success || (answer.status !== 201 && answer.status !== 400)) {
      return { status: 'declined', paymentRef: null, code: 'card_declined' };
    }
    const payment = parsed.data;
    const paymentRef = payment.id ?? null;
    const instrumentRef = payment.tokenInformation?.paymentInstrument?.id ?? null;
    if (answer.status === 201 && paymentRef && payment.status === 'AUTHORIZED') {
      return { status: 'authorised', paymentRef, instrumentRef };
    }
    const authentication = payment.consumerAuthenticationInformation;
    if (
      answer.status === 201 &&
      paymentRef &&
      payment.status === 'PENDING_AUTHENTICATION' &&
      authentication?.stepUpUrl &&
      authentication.accessToken &&
      authentication.authenticationTransactionId
    ) {
      return {
        status: 'pending_authentication',
        paymentRef,
        stepUpUrl: authentication.stepUpUrl,
        accessToken: authentication.accessToken,
        authenticationTransactionId: authentication.authenticationTransactionId,
        instrumentRef,
      };
    }
    // DECLINED, AUTHORIZED_PENDING_REVIEW (held for review: not a payment we can dispatch on), INVALID_REQUEST.
    return {
      status: 'declined',
      paymentRef,
      code: answer.status === 400 ? 'invalid_card' : declineCode(payment.errorInformation?.reason),
    };
  }

  const provider = {
    name: CYBERSOURCE,

    /**
     * Microform v2: a capture context (`POST /microform/v2/sessions`, a signed JWT) bound to our origin; the
     * browser loads the client library it names and tokenises the card in CyberSource's own fields.
     */
    async authoriseWallet(): Promise<CardFields> {
      const answer = await call('POST', '/microform/v2/sessions', {
        clientVersion: 'v2',
        targetOrigins: [options.targetOrigin],
        allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX'],
        allowedPaymentTypes: ['CARD'],
      }).catch((error: unknown) => {
        if (error instanceof CybersourceUnavailable) {
          throw keyedError(503, 'PaymentProviderUnavailable', PAYMENT_ERROR_KEYS.init);
        }
        throw error;
      });
      const captureContext = answer.text.trim();
      if (answer.status !== 201 || !JWT_PATTERN.test(captureContext)) {
        throw keyedError(503, 'PaymentProviderUnavailable', PAYMENT_ERROR_KEYS.init);
      }
      return { kind: 'microform', captureContext, ...libraryOf(captureContext) };
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
        ...paymentSourceFields(input.source),
        // The issuer's step-up page posts the cardholder back here (our challenge return, decision 096).
        consumerAuthenticationInformation: { returnUrl: input.challengeReturnUrl },
      };
      const answer = await call('POST', '/pts/v2/payments', body).catch((error: unknown) => {
        if (error instanceof CybersourceUnavailable) {
          throw keyedError(503, 'PaymentProviderUnavailable', PAYMENT_ERROR_KEYS.inProgress);
        }
        throw error;
      });
      const outcome = outcomeOf(answer);
      const shown: ProviderCard = card ?? { scheme: 'card', bin: '', last4: '', expMonth: 0, expYear: 0 };
      if (outcome.status === 'authorised') {
        return {
          status: 'authorised',
          paymentRef: outcome.paymentRef,
          card: shown,
          instrumentRef: outcome.instrumentRef,
        };
      }
      if (outcome.status === 'pending_authentication') {
        return {
          status: 'challenge_required',
          paymentRef: outcome.paymentRef,
          redirectUrl: outcome.stepUpUrl,
          card: shown,
          instrumentRef: outcome.instrumentRef,
          // Cardinal's step-up page is reached by a form post of the access token; MD comes back unchanged.
          stepUp: { url: outcome.stepUpUrl, fields: { JWT: outcome.accessToken } },
          resume: {
            authenticationTransactionId: outcome.authenticationTransactionId,
            source: input.source,
          },
        };
      }
      return { status: 'declined', paymentRef: outcome.paymentRef, code: outcome.code, card };
    },

    /**
     * After the step-up page: the validation (`POST /risk/v1/authentication-results`), then the authorisation
     * with the authentication's transaction id and its CAVV/ECI, as CyberSource's payer authentication asks.
     */
    async completeChallenge(
      input: Parameters<NonNullable<PaymentProvider['completeChallenge']>>[0],
    ): Promise<ChallengeOutcome> {
      const resume = ResumeSchema.safeParse(input.resume);
      if (!resume.success) return { status: 'declined', code: 'authentication_failed' };
      const { authenticationTransactionId, source } = resume.data;
      // A new card the cardholder asked to save is saved by the authorisation that follows 3-D Secure.
      const isSaving = source.kind === 'token' && source.save;
      const amount = amountDetails(input.amountMinor, input.currency);
      let validation: { status: number; json: unknown };
      try {
        validation = await call('POST', '/risk/v1/authentication-results', {
          clientReferenceInformation: { code: referenceCode(`validate:${input.idempotencyKey}`) },
          orderInformation: { amountDetails: amount },
          ...paymentSourceFields(source),
          consumerAuthenticationInformation: { authenticationTransactionId },
        });
      } catch (error) {
        if (error instanceof CybersourceUnavailable) return { status: 'unavailable' };
        throw error;
      }
      const validated = ValidationAnswerSchema.safeParse(validation.json);
      if (validation.status !== 201 || !validated.success || validated.data.status !== 'AUTHENTICATION_SUCCESSFUL') {
        return { status: 'declined', code: 'authentication_failed' };
      }
      const result = validated.data.consumerAuthenticationInformation ?? {};
      let answer: { status: number; json: unknown };
      try {
        answer = await call('POST', '/pts/v2/payments', {
          clientReferenceInformation: { code: referenceCode(input.idempotencyKey) },
          processingInformation: {
            capture: false,
            ...(result.indicator ? { commerceIndicator: result.indicator } : {}),
            ...(isSaving ? { actionList: ['TOKEN_CREATE'], actionTokenTypes: ['paymentInstrument'] } : {}),
          },
          orderInformation: { amountDetails: amount },
          ...paymentSourceFields(source),
          consumerAuthenticationInformation: {
            authenticationTransactionId,
            ...(result.cavv ? { cavv: result.cavv } : {}),
            ...(result.xid ? { xid: result.xid } : {}),
            ...(result.eciRaw ? { eciRaw: result.eciRaw } : {}),
            ...(result.paresStatus ? { paresStatus: result.paresStatus } : {}),
            ...(result.specificationVersion ? { paSpecificationVersion: result.specificationVersion } : {}),
            ...(result.directoryServerTransactionId
              ? { directoryServerTransactionId: result.directoryServerTransactionId }
              : {}),
          },
        });
      } catch (error) {
        if (error instanceof CybersourceUnavailable) return { status: 'unavailable' };
        throw error;
      }
      const outcome = outcomeOf(answer);
      if (outcome.status === 'authorised') {
        const card = source.kind === 'token' ? cardOfTransientToken(source.token) : null;
        const saved =
          isSaving && source.kind === 'token' && outcome.instrumentRef && card
            ? { instrumentRef: outcome.instrumentRef, card, holderName: source.holderName }
            : null;
        return { status: 'authorised', paymentRef: outcome.paymentRef, saved };
      }
      return { status: 'declined', code: outcome.status === 'declined' ? outcome.code : 'authentication_failed' };
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

    /**
     * CyberSource takes no idempotency key on captures and refunds: before one is sent again, the transaction
     * search (`POST /tss/v2/searches`) is asked for a movement under its reference code (ics_bill for a capture,
     * ics_credit for a refund). null when none is found, or the search cannot be made (then nothing is resent).
     */
    async findMovement(input: { kind: 'capture' | 'refund'; paymentRef: string; idempotencyKey: string }) {
      const code = referenceCode(input.idempotencyKey);
      let answer: { status: number; json: unknown };
      try {
        answer = await call('POST', '/tss/v2/searches', {
          save: false,
          name: 'riderdesk reconciliation',
          timezone: 'UTC',
          query: `clientReferenceInformation.code:${code}`,
          offset: 0,
          limit: 10,
          sort: 'id:asc,submitTimeUtc:asc',
        });
      } catch (error) {
        if (error instanceof CybersourceUnavailable) throw new Error('cybersource transaction search unavailable');
        throw error;
      }
      const parsed = SearchAnswerSchema.safeParse(answer.json);
      if (answer.status !== 201 || !parsed.success)
        throw new Error(`cybersource transaction search answered ${answer.status}`);
      const application = input.kind === 'capture' ? 'ics_bill' : 'ics_credit';
      for (const summary of parsed.data._embedded?.transactionSummaries ?? []) {
        if (summary.clientReferenceInformation?.code !== code) continue;
        const applied = summary.applicationInformation?.applications?.find((app) => app.name === application);
        if (!applied) continue;
        const movement: MoneyMovement =
          applied.rCode === '1'
            ? { status: 'succeeded', ref: summary.id, code: null }
            : { status: 'failed', ref: null, code: (applied.rFlag ?? 'declined').toLowerCase() };
        return movement;
      }
      return null;
    },

    /**
     * A CyberSource webhook notification: `v-c-signature: t=<ms>;keyId=<id>;sig=<base64>`, the signature being
     * the HMAC-SHA256 of `<t>.<body>` with the digital signature key. Replays (the same notificationId) are
     * refused by the service, which applies each event id once.
     */
    verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookEvent {
      const header = headers['v-c-signature'];
      if (!options.webhook || typeof header !== 'string' || header.length > 512) throw badNotification();
      const parts = new Map(
        header.split(';').map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
        }),
      );
      const timestamp = parts.get('t') ?? '';
      const given = Buffer.from(parts.get('sig') ?? '', 'base64');
      if (!/^\d{1,16}$/.test(timestamp) || parts.get('keyId') !== options.webhook.keyId) throw badNotification();
      const expected = createHmac('sha256', Buffer.from(options.webhook.key, 'base64'))
        .update(`${timestamp}.${rawBody}`, 'utf8')
        .digest();
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badNotification();
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw badNotification();
      }
      const parsed = NotificationSchema.safeParse(json);
      if (!parsed.success) throw badNotification();
      const { notificationId, eventType, payload } = parsed.data;
      const paymentRef = payload[0]?.data.id ?? '';
      if (eventType === 'payments.payments.accept' && paymentRef) {
        return { id: notificationId, type: 'payment.authorised', paymentRef, code: null };
      }
      if (eventType === 'payments.payments.reject' && paymentRef) {
        return { id: notificationId, type: 'payment.failed', paymentRef, code: 'card_declined' };
      }
      return { id: notificationId, type: 'other', paymentRef, code: null };
    },
  } satisfies PaymentProvider;
  return provider;
}

const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function jwtPayload(jwt: string): unknown {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The capture context's payload: `ctx[0].data` names the Microform client library and its SRI hash. */
const CaptureContextSchema = z.object({
  ctx: z
    .array(
      z.object({
        data: z.object({
          clientLibrary: z.string().max(2048),
          clientLibraryIntegrity: z.string().max(256).optional(),
        }),
      }),
    )
    .min(1),
});

const ResumeSchema = z.object({
  authenticationTransactionId: z.string().max(128),
  source: z.union([
    z.object({ kind: z.literal('token'), token: z.string(), holderName: z.string(), save: z.boolean() }),
    z.object({ kind: z.literal('instrument'), instrumentRef: z.string() }),
  ]),
});

const ValidationAnswerSchema = z.object({
  id: z.string().max(64).optional(),
  status: z.string().max(64),
  consumerAuthenticationInformation: z
    .object({
      indicator: z.string().max(32),
      cavv: z.string().max(256),
      xid: z.string().max(256),
      eciRaw: z.string().max(8),
      paresStatus: z.string().max(8),
      specificationVersion: z.string().max(16),
      directoryServerTransactionId: z.string().max(128),
    })
    .partial()
    .optional(),
});

const SearchAnswerSchema = z.object({
  _embedded: z
    .object({
      transactionSummaries: z
        .array(
          z.object({
            id: z.string().max(64),
            clientReferenceInformation: z
              .object({ code: z.string().max(64) })
              .partial()
              .optional(),
            applicationInformation: z
              .object({
                applications: z
                  .array(
                    z
                      .object({ name: z.string().max(64), rCode: z.string().max(8), rFlag: z.string().max(64) })
                      .partial(),
                  )
                  .optional(),
              })
              .partial()
              .optional(),
          }),
        )
        .max(100),
    })
    .partial()
    .optional(),
});

/** The notification's body as CyberSource's webhooks send it: the event and the transaction it concerns. */
const NotificationSchema = z.object({
  notificationId: z.string().min(1).max(128),
  eventType: z.string().max(128),
  payload: z.array(z.object({ data: z.object({ id: z.string().max(64) }).partial() })).max(10),
});

const badNotification = () => new AppError(400, 'WebhookSignatureInvalid', 'WebhookSignatureInvalid');
