import type { SmsConfig } from '../config.ts';
import type { ChannelAdapter, OutgoingMessage } from './channel.ts';
import { isAnswer, providerRequest, refusalOf } from './provider-request.ts';

export type GatewayConfig = Extract<SmsConfig, { provider: 'gateway' }>;

type Values = Record<'to' | 'text' | 'id' | 'from', string>;

const fill = (template: string, values: Values, encode: (value: string) => string) =>
  template.replace(/\{(to|text|id|from)\}/g, (_whole, name: keyof Values) => encode(values[name]));

// Inside a JSON template the placeholder stands inside quotes: its value is escaped as a JSON string's content.
const jsonEscape = (value: string) => JSON.stringify(value).slice(1, -1);

/** The request a gateway's templates make of one message (exported for the README's examples and the tests). */
export function gatewayRequest(config: GatewayConfig, message: Pick<OutgoingMessage, 'id' | 'to' | 'text'>) {
  const values: Values = { to: message.to, text: message.text, id: message.id, from: config.from ?? '' };
  const url = fill(config.url, values, encodeURIComponent);
  const headers: Record<string, string> = {};
  if (config.authorization) headers.authorization = config.authorization;
  let body: string | undefined;
  if (config.method === 'POST' && config.body !== null) {
    const isJson = config.contentType === 'json';
    body = fill(config.body, values, isJson ? jsonEscape : encodeURIComponent);
    headers['content-type'] = isJson ? 'application/json' : 'application/x-www-form-urlencoded';
  }
  return { url, method: config.method, headers, body };
}

/**
 * SMS through an HTTP gateway of the kind Pakistani aggregators offer: one request per message, its URL (and a
 * POST's body) made from templates with {to}, {text}, {id} and {from}. Any 2xx is taken as accepted. Receipts and
 * replies come back to our webhook signed with the shared secret (hex HMAC-SHA256 of the raw body) and name the
 * message by the {id} it was sent with.
 */
export function httpGatewaySms(config: GatewayConfig, options: { timeoutMs: number }): ChannelAdapter {
  return {
    channel: 'sms',
    provider: 'gateway',
    async send(message, signal) {
      const request = gatewayRequest(config, message);
      const answer = await providerRequest(
        request.url,
        { method: request.method, headers: request.headers, body: request.body },
        { timeoutMs: options.timeoutMs, signal },
      );
      if (!isAnswer(answer)) return answer;
      if (answer.status >= 200 && answer.status < 300) {
        return { kind: 'accepted', providerMessageId: message.id, state: 'sent' };
      }
      return refusalOf(answer, `gateway ${answer.status}: ${answer.body.slice(0, 300)}`);
    },
  };
}
