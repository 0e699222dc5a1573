import type { MessageChannel } from '@riderdesk/domain/messaging/customer-messages';
import type { Mailer } from '../../mail/mailer.ts';
import type { ChannelAdapter } from './channel.ts';

/**
 * The embedded stand-in of SMS and WhatsApp: the message is kept, as sent, in the messages table, which the
 * development outbox page (/dev/outbox) lists beside the e-mails. It counts as delivered at once.
 */
export function outboxChannel(channel: Exclude<MessageChannel, 'email'>): ChannelAdapter {
  return {
    channel,
    provider: 'outbox',
    async send(message) {
      return { kind: 'accepted', providerMessageId: `outbox-${message.id}`, state: 'delivered' };
    },
  };
}

/**
 * E-mail through the product's mailer (SMTP, or the outbox when SMTP_URL is unset). The mailer records its own
 * delivery result in the outbox table; a message it was handed counts as sent.
 */
export function emailChannel(mailer: Mailer, provider: 'smtp' | 'outbox'): ChannelAdapter {
  return {
    channel: 'email',
    provider,
    async send(message) {
      await mailer.send({ to: message.to, subject: message.subject, text: message.text });
      return { kind: 'accepted', providerMessageId: null, state: 'sent' };
    },
  };
}
