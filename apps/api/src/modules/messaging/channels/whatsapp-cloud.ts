import { WHATSAPP_LANGUAGE } from '@riderdesk/domain/messaging/customer-messages';
import { phoneDigits } from '@riderdesk/domain/phone';
import type { WhatsappConfig } from '../config.ts';
import type { ChannelAdapter } from './channel.ts';
import { isAnswer, jsonOf, providerRequest, refusalOf } from './provider-request.ts';

export type CloudConfig = Extract<WhatsappConfig, { provider: 'cloud' }>;

// Graph API error codes that ask to try again later: throttling (4, 80007, 130429) and a temporary failure (131000
// is "something went wrong", which may have sent; it is left unknown like a 5xx).
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131056]);

/**
 * WhatsApp through Meta's Cloud API: `POST /{version}/{phone-number-id}/messages`, JSON, bearer token. A business
 * may open a conversation only with an approved template, so every message is one: its name is the deployment's
 * prefix and the message's kind, its language Meta's code, its body parameters positional (decision 175).
 * `biz_opaque_callback_data` carries our message id back in the status webhooks.
 */
export function whatsappCloud(config: CloudConfig, options: { timeoutMs: number }): ChannelAdapter {
  const endpoint = `${config.apiUrl}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    provider: 'cloud',
    async send(message, signal) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phoneDigits(message.to),
        type: 'template',
        template: {
          name: message.template.name,
          language: { code: WHATSAPP_LANGUAGE[message.language] },
          components: [
            { type: 'body', parameters: message.template.parameters.map((text) => ({ type: 'text', text })) },
          ],
        },
        biz_opaque_callback_data: message.id,
      };
      const answer = await providerRequest(
        endpoint,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        { timeoutMs: options.timeoutMs, signal },
      );
      if (!isAnswer(answer)) return answer;
      const json = jsonOf(answer.body) as {
        messages?: { id?: unknown }[];
        error?: { code?: unknown; message?: unknown };
      } | null;
      const id = json?.messages?.[0]?.id;
      if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') {
        return { kind: 'accepted', providerMessageId: id, state: 'sent' };
      }
      const code = typeof json?.error?.code === 'number' ? json.error.code : null;
      const error = `whatsapp ${answer.status}${code !== null ? ` ${code}` : ''}: ${String(json?.error?.message ?? answer.body).slice(0, 300)}`;
      if (code !== null && RETRYABLE_CODES.has(code)) return { kind: 'refused', isRetryable: true, error };
      return refusalOf(answer, error);
    },
  };
}
