import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for CyberSource's REST API (decisions 061 and 096), answering in its documented shapes:
// Microform capture contexts (/microform/v2/sessions) and a small stand-in of the Microform client library,
// payments with payer authentication (/pts/v2/payments), the step-up page, the validation
// (/risk/v1/authentication-results), captures and refunds, and the transaction search (/tss/v2/searches).
// Every call's HTTP Signature is checked as CyberSource checks it: a wrong key answers 401.
// Test cards (last four digits of the Microform token's masked number):
//   1111 authorised · 0002 declined · 9995 insufficient funds · 3220 3-D Secure, passes · 3221 3-D Secure, fails

export const FAKE_CYBERSOURCE = {
  merchantId: 'riderdesk_test',
  keyId: '08c94330-f618-42a3-b09d-e1e43be5efda',
  secretKey: Buffer.from('a shared secret key of the business center!').toString('base64'),
  webhookKeyId: 'bf44c857-b182-bb05-e053-34b8d30a7a72',
  webhookKey: Buffer.from('the digital signature key of the webhooks!').toString('base64'),
} as const;

/** What the adapter sends CyberSource, as far as the fake reads it. */
export interface CybersourceBody {
  clientReferenceInformation?: { code: string };
  processingInformation?: { capture?: boolean; actionList?: string[]; actionTokenTypes?: string[] };
  orderInformation?: { amountDetails: { totalAmount: string; currency: string } };
  tokenInformation?: { transientTokenJwt?: string };
  paymentInformation?: { paymentInstrument?: { id: string } };
  consumerAuthenticationInformation?: {
    returnUrl?: string;
    authenticationTransactionId?: string;
    cavv?: string;
    eciRaw?: string;
  };
  targetOrigins?: string[];
  query?: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: CybersourceBody;
  signatureValid: boolean;
  signature: Record<string, string>;
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A Microform transient token as CyberSource's fields answer it: a JWT whose payload shows the masked number,
 * type and expiry (the fake does not check its signature; the adapter reads only those).
 */
export function transientToken(last4: string, type = '001'): string {
  return [
    part({ kid: '3g', alg: 'RS256' }),
    part({
      data: { number: `411111XXXXXX${last4}`, type, expirationMonth: '12', expirationYear: '2030' },
      iss: 'Flex/08',
      type: 'mf-2.0.0',
    }),
    'c2lnbmF0dXJl',
  ].join('.');
}

const last4Of = (jwt: string): string => {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return String(payload.data.number).slice(-4);
  } catch {
    return '';
  }
};

/** `t=<ms>;keyId=<id>;sig=<base64 HMAC-SHA256 of "t.body">`, CyberSource's webhook v-c-signature. */
export function notificationSignature(body: string, at: Date, key: string = FAKE_CYBERSOURCE.webhookKey): string {
  const t = String(at.getTime());
  const sig = createHmac('sha256', Buffer.from(key, 'base64')).update(`${t}.${body}`).digest('base64');
  return `t=${t};keyId=${FAKE_CYBERSOURCE.webhookKeyId};sig=${sig}`;
}

/** A webhook notification of a card payment event, as CyberSource's webhooks send it. */
export function notification(eventType: string, paymentId: string, notificationId: string): string {
  return JSON.stringify({
    eventType,
    eventDate: '2026-11-24T08:00:00Z',
    webhookId: 'c5b1d0a5-5c8b-4d5e-9c2e-0e8e7b8f0a11',
    productId: 'cardProcessing',
    organizationId: FAKE_CYBERSOURCE.merchantId,
    retryNumber: 0,
    notificationId,
    payload: [
      {
        data: { id: paymentId, type: 'payments', _links: { self: { href: `/pts/v2/payments/${paymentId}` } } },
        organizationId: FAKE_CYBERSOURCE.merchantId,
      },
    ],
  });
}

/**
 * The stand-in of Microform's client library: `new Flex(captureContext).microform()`, `createField('number' |
 * 'securityCode')`, `field.load(container)` and `microform.createToken({ expirationMonth, expirationYear }, cb)`,
 * answering a transient token whose payload masks the number. (The real library keeps the fields in
 * CyberSource's iframes; offline, the stand-in's inputs are in the page.)
 */
const MICROFORM_LIBRARY = `(function () {
  function Field(type, options) { this.type = type; this.options = options || {}; this.input = null; }
  Field.prototype.load = function (container) {
    var host = typeof container === 'string' ? document.querySelector(container) : container;
    var input = document.createElement('input');
    input.setAttribute('inputmode', 'numeric');
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('aria-label', this.options.title || this.type);
    if (this.options.placeholder) input.setAttribute('placeholder', this.options.placeholder);
    input.style.cssText = 'border:0;outline:0;width:100%;font-size:14px;background:transparent';
    host.innerHTML = '';
    host.appendChild(input);
    this.input = input;
  };
  Field.prototype.on = function () {};
  Field.prototype.unload = function () { if (this.input) this.input.remove(); this.input = null; };
  function Microform() { this.fields = {}; }
  Microform.prototype.createField = function (type, options) {
    var field = new Field(type, options);
    this.fields[type] = field;
    return field;
  };
  function b64url(value) {
    return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
  }
  Microform.prototype.createToken = function (options, callback) {
    var number = ((this.fields.number && this.fields.number.input && this.fields.number.input.value) || '').replace(/\\s/g, '');
    var cvc = (this.fields.securityCode && this.fields.securityCode.input && this.fields.securityCode.input.value) || '';
    var details = [];
    if (!/^\\d{13,19}$/.test(number)) details.push({ location: 'number', message: 'Validation error' });
    if (!/^\\d{3,4}$/.test(cvc)) details.push({ location: 'securityCode', message: 'Validation error' });
    if (!/^\\d{1,2}$/.test(options.expirationMonth || '') || !/^\\d{4}$/.test(options.expirationYear || '')) {
      details.push({ location: 'expirationDate', message: 'Validation error' });
    }
    setTimeout(function () {
      if (details.length) {
        callback({ reason: 'CREATE_TOKEN_VALIDATION_FIELDS', message: 'One or more fields has a validation error', details: details });
        return;
      }
      var masked = number.slice(0, 6) + number.slice(6, -4).replace(/\\d/g, 'X') + number.slice(-4);
      var type = number[0] === '5' ? '002' : number[0] === '3' ? '003' : '001';
      callback(null, [b64url({ kid: '3g', alg: 'RS256' }), b64url({ data: { number: masked, type: type,
        expirationMonth: options.expirationMonth, expirationYear: options.expirationYear }, iss: 'Flex/08', type: 'mf-2.0.0' }), 'c2ln'].join('.'));
    }, 10);
  };
  function Flex(captureContext) { this.captureContext = captureContext; }
  Flex.prototype.microform = function () { return new Microform(); };
  window.Flex = Flex;
})();
`;
const LIBRARY_PATH = '/microform/bundle/v2/flex-microform.min.js';
const LIBRARY_INTEGRITY = `sha384-${createHash('sha384').update(MICROFORM_LIBRARY).digest('base64')}`;

/** Checks a call's HTTP Signature as CyberSource does: the digest of the body, then the HMAC of the headers. */
function verify(request: IncomingMessage, body: string): { valid: boolean; params: Record<string, string> } {
  const header = String(request.headers.signature ?? '');
  const params = Object.fromEntries(
    [...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
  if (params.keyid !== FAKE_CYBERSOURCE.keyId || params.algorithm !== 'HmacSHA256') return { valid: false, params };
  const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
  if (request.method === 'POST' && request.headers.digest !== digest) return { valid: false, params };
  const values: Record<string, string> = {
    host: String(request.headers.host),
    date: String(request.headers.date),
    'request-target': `${request.method?.toLowerCase()} ${request.url}`,
    digest,
    'v-c-merchant-id': String(request.headers['v-c-merchant-id']),
  };
  const signingString = (params.headers ?? '')
    .split(' ')
    .map((name) => `${name}: ${values[name]}`)
    .join('\n');
  const expected = createHmac('sha256', Buffer.from(FAKE_CYBERSOURCE.secretKey, 'base64'))
    .update(signingString)
    .digest();
  const given = Buffer.from(params.signature ?? '', 'base64');
  return { valid: expected.length === given.length && timingSafeEqual(expected, given), params };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export type FakeCybersource = Awaited<ReturnType<typeof fakeCybersource>>;

/** Starts the fake on a free port of 127.0.0.1 (or `port`). */
export async function fakeCybersource(options: { port?: number } = {}) {
  const calls: RecordedCall[] = [];
  /** Movements made, by clientReferenceInformation.code, for the transaction search. */
  const movements: { id: string; code: string; application: 'ics_bill' | 'ics_credit' }[] = [];
  /** Payments waiting for their authentication: the card and where the step-up page sends the browser back. */
  const authentications = new Map<string, { last4: string; returnUrl: string; accessToken: string }>();
  /** Paths whose next answer is lost after the call is made (the connection drops). */
  const dropping: RegExp[] = [];
  /** How many of the next transaction searches find nothing yet (CyberSource indexes with a delay). */
  let laggingSearches = 0;
  let counter = 0;
  let url = '';

  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      const send = (status: number, body: string, type: string) => {
        response.statusCode = status;
        response.setHeader('content-type', type);
        response.end(body);
      };
      if (request.method === 'GET' && path === LIBRARY_PATH) {
        response.setHeader('access-control-allow-origin', '*');
        return send(200, MICROFORM_LIBRARY, 'text/javascript; charset=utf-8');
      }
      // Cardinal's step-up page: the access token posted as JWT; it posts the cardholder back with
      // TransactionId and MD, as the issuer's page does once the challenge is answered.
      if (request.method === 'POST' && path === '/stepup') {
        const form = new URLSearchParams(text);
        const entry = [...authentications.entries()].find(([, value]) => value.accessToken === form.get('JWT'));
        if (!entry) return send(400, 'unknown step-up', 'text/plain');
        const [transactionId, authentication] = entry;
        return send(
          200,
          `<!doctype html><html><head><meta charset="utf-8"><title>Issuer authentication</title></head><body>
<h1>Issuer authentication (test)</h1>
<form method="post" action="${escapeHtml(authentication.returnUrl)}">
<input type="hidden" name="TransactionId" value="${escapeHtml(transactionId)}">
<input type="hidden" name="MD" value="${escapeHtml(form.get('MD') ?? '')}">
<button type="submit">Submit</button></form></body></html>`,
          'text/html; charset=utf-8',
        );
      }

      const { valid, params } = verify(request, text);
      let body: CybersourceBody = {};
      try {
        body = (text ? JSON.parse(text) : {}) as CybersourceBody;
      } catch {
        body = {};
      }
      calls.push({ method: request.method ?? '', path, body, signatureValid: valid, signature: params });
      const answer = (status: number, json: unknown) => {
        const dropped = dropping.findIndex((pattern) => pattern.test(path));
        if (dropped >= 0) {
          dropping.splice(dropped, 1);
          // The call is made, its answer never arrives.
          request.socket.destroy();
          return;
        }
        send(status, JSON.stringify(json), 'application/hal+json');
      };
      if (!valid) return answer(401, { response: { rmsg: 'Authentication Failed' } });
      const id = `7000000000${String(++counter).padStart(12, '0')}`;
      const submitTimeUtc = '2026-11-24T08:00:00Z';

      if (request.method === 'POST' && path === '/microform/v2/sessions') {
        const jwt = [
          part({ kid: 'j4', alg: 'RS256' }),
          part({
            flx: { path: '/flex/v2/tokens', data: 'fake', origin: url, jwk: { kty: 'RSA', use: 'enc', kid: 'fake' } },
            ctx: [
              {
                data: {
                  clientLibrary: `${url}${LIBRARY_PATH}`,
                  clientLibraryIntegrity: LIBRARY_INTEGRITY,
                  targetOrigins: body.targetOrigins ?? [],
                  mfOrigin: url,
                },
                type: 'mf-2.0.0',
              },
            ],
            iss: 'Flex API',
            exp: 1_900_000_000,
            iat: 1_800_000_000,
            jti: id,
          }),
          'c2lnbmF0dXJl',
        ].join('.');
        return send(201, jwt, 'application/jwt; charset=utf-8');
      }

      if (request.method === 'POST' && path === '/risk/v1/authentication-results') {
        const transactionId = body.consumerAuthenticationInformation?.authenticationTransactionId ?? '';
        const authentication = authentications.get(transactionId);
        if (!authentication) return answer(400, { status: 'INVALID_REQUEST', reason: 'INVALID_DATA' });
        if (authentication.last4 === '3221') {
          return answer(201, {
            id,
            submitTimeUtc,
            status: 'AUTHENTICATION_FAILED',
            errorInformation: {
              reason: 'CONSUMER_AUTHENTICATION_FAILED',
              message: 'Encountered a Payer Authentication problem',
            },
            consumerAuthenticationInformation: { paresStatus: 'N', eciRaw: '07', authenticationResult: '9' },
          });
        }
        return answer(201, {
          id,
          submitTimeUtc,
          status: 'AUTHENTICATION_SUCCESSFUL',
          clientReferenceInformation: body.clientReferenceInformation,
          consumerAuthenticationInformation: {
            indicator: 'vbv',
            eciRaw: '05',
            authenticationResult: '0',
            authenticationStatusMsg: 'Success',
            cavv: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=',
            xid: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=',
            paresStatus: 'Y',
            specificationVersion: '2.1.0',
            directoryServerTransactionId: '4d19781a-49d7-4c90-a145-72b8107fed8f',
          },
        });
      }

      if (request.method === 'POST' && path === '/pts/v2/payments') {
        const jwt = body.tokenInformation?.transientTokenJwt;
        const last4 = jwt ? last4Of(jwt) : body.paymentInformation?.paymentInstrument?.id === 'pi_saved' ? '1111' : '';
        const amountDetails = body.orderInformation?.amountDetails;
        const validated = body.consumerAuthenticationInformation?.authenticationTransactionId;
        if (last4 === '0002' || last4 === '9995') {
          return answer(201, {
            id,
            submitTimeUtc,
            status: 'DECLINED',
            errorInformation: {
              reason: last4 === '0002' ? 'PROCESSOR_DECLINED' : 'INSUFFICIENT_FUND',
              message: 'Decline - General decline of the card.',
            },
          });
        }
        if ((last4 === '3220' || last4 === '3221') && !validated) {
          const transactionId = `pJ0ZnCWPlTBLi8bd${String(counter).padStart(4, '0')}`;
          const accessToken = `${part({ alg: 'HS256' })}.${part({ jti: transactionId })}.c2ln`;
          authentications.set(transactionId, {
            last4,
            returnUrl: body.consumerAuthenticationInformation?.returnUrl ?? '',
            accessToken,
          });
          return answer(201, {
            id,
            submitTimeUtc,
            status: 'PENDING_AUTHENTICATION',
            errorInformation: { reason: 'CONSUMER_AUTHENTICATION_REQUIRED', message: 'The cardholder is enrolled' },
            consumerAuthenticationInformation: {
              accessToken,
              stepUpUrl: `${url}/stepup`,
              authenticationTransactionId: transactionId,
              pareq: 'eNpVUU1Tg',
            },
          });
        }
        if (validated && !authentications.has(validated)) {
          return answer(400, { status: 'INVALID_REQUEST', reason: 'INVALID_DATA' });
        }
        if (last4 !== '1111' && !validated) return answer(400, { status: 'INVALID_REQUEST', reason: 'INVALID_DATA' });
        const isSaving = body.processingInformation?.actionList?.includes('TOKEN_CREATE') ?? false;
        return answer(201, {
          id,
          submitTimeUtc,
          status: 'AUTHORIZED',
          clientReferenceInformation: body.clientReferenceInformation,
          orderInformation: {
            amountDetails: { authorizedAmount: amountDetails?.totalAmount, currency: amountDetails?.currency },
          },
          processorInformation: { approvalCode: '888888', responseCode: '100' },
          ...(isSaving ? { tokenInformation: { paymentInstrument: { id: 'pi_saved' } } } : {}),
        });
      }

      const movement = /^\/pts\/v2\/payments\/(\d+)\/(captures|refunds)$/.exec(path);
      if (request.method === 'POST' && movement) {
        movements.push({
          id,
          code: body.clientReferenceInformation?.code ?? '',
          application: movement[2] === 'refunds' ? 'ics_credit' : 'ics_bill',
        });
        return answer(201, {
          id,
          submitTimeUtc,
          status: 'PENDING',
          clientReferenceInformation: body.clientReferenceInformation,
          ...(movement[2] === 'refunds'
            ? { refundAmountDetails: { refundAmount: body.orderInformation?.amountDetails.totalAmount } }
            : { orderInformation: { amountDetails: body.orderInformation?.amountDetails } }),
        });
      }

      if (request.method === 'POST' && path === '/tss/v2/searches') {
        const code = /clientReferenceInformation\.code:(\S+)/.exec(body.query ?? '')?.[1] ?? '';
        const isLagging = laggingSearches > 0;
        if (isLagging) laggingSearches--;
        const found = isLagging ? [] : movements.filter((entry) => entry.code === code);
        return answer(201, {
          searchId: `srch_${id}`,
          save: false,
          name: 'search',
          timezone: 'UTC',
          query: body.query,
          offset: 0,
          limit: 10,
          count: found.length,
          totalCount: found.length,
          submitTimeUtc,
          _embedded: {
            transactionSummaries: found.map((entry) => ({
              id: entry.id,
              submitTimeUtc,
              merchantId: FAKE_CYBERSOURCE.merchantId,
              clientReferenceInformation: { code: entry.code },
              applicationInformation: {
                applications: [{ name: entry.application, reasonCode: '100', rCode: '1', rFlag: 'SOK' }],
              },
            })),
          },
        });
      }
      return answer(404, { status: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    calls,
    libraryIntegrity: LIBRARY_INTEGRITY,
    /** The next call to `path` is made but its answer is lost (the connection drops). */
    dropNextAnswer(path: RegExp): void {
      dropping.push(path);
    },
    /** The next `count` transaction searches answer no transaction, as before CyberSource has indexed them. */
    lagSearches(count: number): void {
      laggingSearches = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
