import type { Mailer } from '../../mail/mailer.ts';
import type { MessagingConfig } from '../config.ts';
import type { Channels } from './channel.ts';
import { emailChannel, outboxChannel } from './embedded.ts';
import { httpGatewaySms } from './http-gateway.ts';
import { twilioSms } from './twilio.ts';
import { whatsappCloud } from './whatsapp-cloud.ts';

/** The adapters the configuration chooses (decision 175); a channel that is off is null and not offered. */
export function createChannels(
  config: MessagingConfig,
  deps: { mailer: Mailer; hasSmtp: boolean; callbackBase: string },
): Channels {
  const { timeoutMs } = config;
  const sms =
    config.sms.provider === 'twilio'
      ? twilioSms(config.sms, {
          timeoutMs,
          statusCallback: (id) => `${deps.callbackBase}/twilio/status?message=${encodeURIComponent(id)}`,
        })
      : config.sms.provider === 'gateway'
        ? httpGatewaySms(config.sms, { timeoutMs })
        : config.sms.provider === 'outbox'
          ? outboxChannel('sms')
          : null;
  const whatsapp =
    config.whatsapp.provider === 'cloud'
      ? whatsappCloud(config.whatsapp, { timeoutMs })
      : config.whatsapp.provider === 'outbox'
        ? outboxChannel('whatsapp')
        : null;
  return { sms, whatsapp, email: emailChannel(deps.mailer, deps.hasSmtp ? 'smtp' : 'outbox') };
}
