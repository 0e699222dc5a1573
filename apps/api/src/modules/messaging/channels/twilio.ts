import type { SmsConfig } from '../config.ts';
import type { ChannelAdapter } from './channel.ts';
import { isAnswer, jsonOf, providerRequest, refusalOf } from './provider-request.ts';

export type TwilioConfig = Extract<SmsConfig, { provider: 'twilio' }>;

/**
 * SMS through Twilio's Programmable Messaging (REST API 2010-04-01): `POST /Accounts/{sid}/Messages.json`,
 * form-encoded, HTTP basic auth with the account SID and auth token. Each message names its own StatusCallback,
 * which carries our message id, so a receipt is matched even if it comes before the send's answer is stored.
 */
export function twilioSms(
  config: TwilioConfig,
  options: { timeoutMs: number; statusCallback: (messageId: string) => string },
): ChannelAdapter {
  const endpoint = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    channel: 'sms',
    provider: 'twilio',
    async send(message, signal) {
      const form = new URLSearchParams({ To: message.to, Body: message.text });
      // A Messaging Service picks the sender itself (and applies its opt-out handling); else our number or id.
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else form.set('From', config.from ?? '');
      form.set('StatusCallback', options.statusCallback(message.id));
      const answer = await providerRequest(
        endpoint,
        {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
        },
        { timeoutMs: options.timeoutMs, signal },
      );
      if (!isAnswer(answer)) return answer;
      const json = jsonOf(answer.body) as { sid?: unknown; code?: unknown; message?: unknown } | null;
      if (answer.status >= 200 && answer.status < 300 && typeof json?.sid === 'string') {
        return { kind: 'accepted', providerMessageId: json.sid, state: 'sent' };
      }
      // Twilio's error body: {code, message, more_info, status}; 21610 is a recipient who replied STOP.
      const error = `twilio ${answer.status}${json?.code ? ` ${json.code}` : ''}: ${String(json?.message ?? answer.body).slice(0, 300)}`;
      return refusalOf(answer, error);
    },
  };
}
