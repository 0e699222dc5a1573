import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local stand-ins for the customer-message providers' HTTP APIs (decision 175), each a real server on loopback
// that checks a send as the provider would (its path, authentication, encoding and required fields) and refuses
// what the provider refuses; and each signs the callbacks it makes (receipts, replies) as the provider signs them.

/** How a fake's callback reaches the API: a real POST by default; tests hand in `app.inject`. */
export type Deliver = (
  url: string,
  request: { headers: Record<string, string>; body: string },
) => Promise<{ status: number; body: string }>;

const fetchDeliver: Deliver = async (url, request) => {
  const response = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
  return { status: response.status, body: await response.text() };
};

interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listen(
  handle: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<Listening> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A refusal to answer instead of the next sends (status and body), or a dropped connection. */
export type Scripted = { status: number; body: unknown } | 'drop';

// --- Twilio ------------------------------------------------------------------------------------------------

export const FAKE_TWILIO = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'the-auth-token-of-the-account-0001',
  from: '+15005550006',
} as const;

export interface TwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1 of the URL and the sorted form fields, keyed by the token. */
export function twilioSign(authToken: string, url: string, form: URLSearchParams): string {
  const data =
    url +
    [...form.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => k + v)
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * Twilio's Programmable Messaging API, as far as the adapter uses it: `POST /2010-04-01/Accounts/{AccountSid}/
 * Messages.json`, form-encoded, basic auth with the account SID and auth token; `To` in E.164, a `From` or
 * `MessagingServiceSid`, a `Body` of at most 1600 characters. Answers 201 with the Message resource, or Twilio's
 * error body ({code, message, more_info, status}).
 */
export async function fakeTwilio(options: { deliver?: Deliver } = {}) {
  const messages: TwilioMessage[] = [];
  const script: Scripted[] = [];
  const deliver = options.deliver ?? fetchDeliver;
  const server = await listen((request, body, response) => {
    const path = `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`;
    const expectedAuth = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
    if (request.method !== 'POST' || request.url !== path) {
      return answer(response, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    if (request.headers.authorization !== expectedAuth) {
      return answer(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return answer(response, 400, { code: 20001, message: 'Content-Type must be form-encoded', status: 400 });
    }
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const text = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return answer(response, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
    }
    if (!from && !service) {
      return answer(response, 400, {
        code: 21603,
        message: "A 'From' or 'MessagingServiceSid' parameter is required",
        status: 400,
      });
    }
    if (text.length === 0 || text.length > 1600) {
      return answer(response, 400, {
        code: 21617,
        message: 'The concatenated message body exceeds the 1600 character limit',
        status: 400,
      });
    }
    const scripted = script.shift();
    if (scripted === 'drop') return response.socket?.destroy();
    if (scripted) return answer(response, scripted.status, scripted.body);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({
      sid,
      to,
      from,
      messagingServiceSid: service,
      body: text,
      statusCallback: form.get('StatusCallback'),
    });
    answer(response, 201, {
      sid,
      account_sid: FAKE_TWILIO.accountSid,
      to,
      from: from ?? null,
      messaging_service_sid: service,
      body: text,
      status: service ? 'accepted' : 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      api_version: '2010-04-01',
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages/${sid}.json`,
    });
  });

  /** POSTs a signed form to a URL as Twilio does its webhooks. */
  async function post(url: string, fields: Record<string, string>, authToken: string = FAKE_TWILIO.authToken) {
    const form = new URLSearchParams(fields);
    return deliver(url, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'x-twilio-signature': twilioSign(authToken, url, form),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: form.toString(),
    });
  }

  return {
    apiUrl: server.url,
    messages,
    /** The next sends are answered so instead of accepted. */
    script: (...answers: Scripted[]) => script.push(...answers),
    /** A status callback of a sent message, to its StatusCallback URL (MessageStatus delivered, failed, …). */
    status(sid: string, status: string, extra: Record<string, string> = {}, authToken?: string) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no message ${sid} with a status callback`);
      return post(
        message.statusCallback,
        {
          MessageSid: sid,
          SmsSid: sid,
          MessageStatus: status,
          SmsStatus: status,
          AccountSid: FAKE_TWILIO.accountSid,
          To: message.to,
          From: message.from ?? FAKE_TWILIO.from,
          ApiVersion: '2010-04-01',
          ...extra,
        },
        authToken,
      );
    },
    /** An incoming message from a customer, to the number's messaging webhook. */
    inbound(url: string, from: string, text: string, authToken?: string) {
      const sid = `SM${randomBytes(16).toString('hex')}`;
      return post(
        url,
        {
          MessageSid: sid,
          SmsSid: sid,
          AccountSid: FAKE_TWILIO.accountSid,
          From: from,
          To: FAKE_TWILIO.from,
          Body: text,
          NumMedia: '0',
          NumSegments: '1',
          ApiVersion: '2010-04-01',
        },
        authToken,
      );
    },
    close: server.close,
  };
}

// --- WhatsApp Cloud API -------------------------------------------------------------------------------------

export const FAKE_WHATSAPP = {
  accessToken: 'EAAG-the-system-user-access-token',
  phoneNumberId: '106540352242922',
  appSecret: 'the-app-secret-of-the-meta-app',
  verifyToken: 'the-verify-token-we-gave-meta',
  apiVersion: 'v21.0',
} as const;

export interface WhatsappMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  opaque: string | null;
}

/** Meta's X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export const hubSign = (appSecret: string, body: string) =>
  `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;

/**
 * The WhatsApp Cloud API (Graph API) as far as the adapter uses it: `POST /{version}/{phone-number-id}/messages`
 * with a bearer token and a JSON template message (messaging_product whatsapp, `to` in digits, an approved
 * template's name and language code, body parameters of type text). Answers the contacts and the message's
 * wamid, or a Graph error ({error: {message, type, code, fbtrace_id}}). Templates not "approved" are refused
 * with code 132001, as Meta refuses a template that does not exist in that language.
 */
export async function fakeWhatsapp(
  options: { deliver?: Deliver; approved?: (name: string, language: string) => boolean } = {},
) {
  const messages: WhatsappMessage[] = [];
  const script: Scripted[] = [];
  const deliver = options.deliver ?? fetchDeliver;
  const approved = options.approved ?? (() => true);
  const graphError = (code: number, message: string) => ({
    error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') },
  });
  const server = await listen((request, body, response) => {
    const path = `/${FAKE_WHATSAPP.apiVersion}/${FAKE_WHATSAPP.phoneNumberId}/messages`;
    if (request.method !== 'POST' || request.url !== path) {
      return answer(response, 400, graphError(100, 'Unsupported post request.'));
    }
    if (request.headers.authorization !== `Bearer ${FAKE_WHATSAPP.accessToken}`) {
      return answer(response, 401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      return answer(response, 400, graphError(100, 'Invalid parameter'));
    }
    let json: {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      template?: { name?: unknown; language?: { code?: unknown }; components?: unknown };
      biz_opaque_callback_data?: unknown;
    };
    try {
      json = JSON.parse(body);
    } catch {
      return answer(response, 400, graphError(100, 'Invalid JSON'));
    }
    const components = Array.isArray(json.template?.components) ? json.template.components : [];
    const bodyComponent = components.find((c: { type?: unknown }) => c.type === 'body') as
      | { parameters?: { type?: unknown; text?: unknown }[] }
      | undefined;
    const parameters = bodyComponent?.parameters ?? [];
    if (
      json.messaging_product !== 'whatsapp' ||
      typeof json.to !== 'string' ||
      !/^\d{8,15}$/.test(json.to) ||
      json.type !== 'template' ||
      typeof json.template?.name !== 'string' ||
      typeof json.template.language?.code !== 'string' ||
      !parameters.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text.length > 0)
    ) {
      return answer(response, 400, graphError(100, '(#100) Invalid parameter'));
    }
    if (!approved(json.template.name, json.template.language.code)) {
      return answer(response, 404, graphError(132001, 'Template name does not exist in the translation'));
    }
    const scripted = script.shift();
    if (scripted === 'drop') return response.socket?.destroy();
    if (scripted) return answer(response, scripted.status, scripted.body);
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    messages.push({
      id,
      to: json.to,
      template: json.template.name,
      language: json.template.language.code,
      parameters: parameters.map((p) => String(p.text)),
      opaque: typeof json.biz_opaque_callback_data === 'string' ? json.biz_opaque_callback_data : null,
    });
    answer(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: json.to, wa_id: json.to }],
      messages: [{ id, message_status: 'accepted' }],
    });
  });

  const envelope = (value: Record<string, unknown>) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: FAKE_WHATSAPP.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });

  async function post(url: string, body: string, appSecret: string = FAKE_WHATSAPP.appSecret) {
    return deliver(url, {
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSign(appSecret, body) },
      body,
    });
  }

  return {
    apiUrl: server.url,
    messages,
    script: (...answers: Scripted[]) => script.push(...answers),
    /** A status webhook of a sent message (sent, delivered, read, failed). */
    status(webhookUrl: string, id: string, status: string, appSecret?: string) {
      const message = messages.find((m) => m.id === id);
      if (!message) throw new Error(`no message ${id}`);
      return post(
        webhookUrl,
        envelope({
          statuses: [
            {
              id,
              status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: message.to,
              ...(message.opaque ? { biz_opaque_callback_data: message.opaque } : {}),
              ...(status === 'failed'
                ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] }
                : {}),
            },
          ],
        }),
        appSecret,
      );
    },
    /** A customer's text message, optionally a reply to one of ours (context). */
    inbound(webhookUrl: string, from: string, text: string, contextId: string | null = null, appSecret?: string) {
      const digits = from.replace(/\D/g, '');
      return post(
        webhookUrl,
        envelope({
          contacts: [{ profile: { name: 'Customer' }, wa_id: digits }],
          messages: [
            {
              from: digits,
              id: `wamid.${randomBytes(24).toString('base64url')}`,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'text',
              text: { body: text },
              ...(contextId ? { context: { from: '15550783881', id: contextId } } : {}),
            },
          ],
        }),
        appSecret,
      );
    },
    close: server.close,
  };
}

// --- A generic HTTP SMS gateway -----------------------------------------------------------------------------

export const FAKE_GATEWAY = {
  authorization: 'Bearer gateway-api-key-0123456789',
  secret: 'the-shared-secret-of-the-sms-gateway-0001',
} as const;

export interface GatewayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | null;
  body: string;
}

/**
 * An aggregator's HTTP SMS API: any path; it wants its API key in Authorization and answers 200 with a JSON
 * acknowledgement. It calls back signed with the shared secret: hex HMAC-SHA256 of the raw body in X-Signature.
 */
export async function fakeGateway(options: { deliver?: Deliver } = {}) {
  const requests: GatewayRequest[] = [];
  const script: Scripted[] = [];
  const deliver = options.deliver ?? fetchDeliver;
  const server = await listen((request, body, response) => {
    if (request.headers.authorization !== FAKE_GATEWAY.authorization) {
      return answer(response, 401, { status: 'error', message: 'invalid api key' });
    }
    const scripted = script.shift();
    if (scripted === 'drop') return response.socket?.destroy();
    if (scripted) return answer(response, scripted.status, scripted.body);
    const url = new URL(request.url ?? '/', 'http://gateway');
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      contentType: request.headers['content-type'] ?? null,
      body,
    });
    answer(response, 200, { status: 'ok', message_id: randomBytes(6).toString('hex') });
  });

  async function post(url: string, json: unknown, secret: string = FAKE_GATEWAY.secret) {
    const body = JSON.stringify(json);
    return deliver(url, {
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', secret).update(body, 'utf8').digest('hex'),
      },
      body,
    });
  }

  return {
    apiUrl: server.url,
    requests,
    script: (...answers: Scripted[]) => script.push(...answers),
    /** A delivery report naming the message by the id it was sent with. */
    status: (url: string, id: string, status: 'delivered' | 'failed', secret?: string) =>
      post(url, { id, status, ...(status === 'failed' ? { error: 'DND: number blocked' } : {}) }, secret),
    inbound: (url: string, from: string, text: string, secret?: string) =>
      post(url, { id: randomBytes(8).toString('hex'), from, text }, secret),
    close: server.close,
  };
}
