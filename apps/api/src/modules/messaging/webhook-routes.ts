import { normalisePhoneNumber, phoneCharacters } from '@riderdesk/domain/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { MessagingConfig } from './config.ts';
import type { MessagingService } from './service.ts';
import { isGatewaySignatureValid, isHubSignatureValid, isTwilioSignatureValid } from './signatures.ts';
import type { Receipt } from './workflows/receipts.ts';

const forbidden = () => new AppError(403, 'Forbidden', 'The signature does not match.');
const notConnected = () => new AppError(404, 'NotFound', 'This provider is not connected.');

/** Twilio reads the answer to an incoming message as TwiML: an empty Response sends no reply of its own. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

// Twilio's MessageStatus values, as our states (queued, accepted, sending and scheduled say nothing new).
const TWILIO_STATES: Record<string, Receipt['state']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
};

// WhatsApp's status values (read is a delivered message that was read).
const WHATSAPP_STATES: Record<string, Receipt['state']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  failed: 'failed',
};

/** A number as providers write it (with or without its +, `whatsapp:` in front) in E.164. */
const e164 = (value: string) => {
  const digits = phoneCharacters(value.replace(/^whatsapp:/, ''));
  return digits.startsWith('+') ? digits : `+${digits}`;
};

const Text = z.string().max(65_536);

/** The parts of Meta's webhook body read here; anything else in it is ignored. */
const WhatsappWebhookSchema = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z
                .object({
                  metadata: z.object({ phone_number_id: z.string() }).partial().optional(),
                  statuses: z
                    .array(
                      z.object({
                        id: z.string(),
                        status: z.string(),
                        biz_opaque_callback_data: z.string().optional(),
                        errors: z
                          .array(z.object({ code: z.number().optional(), title: z.string().optional() }))
                          .optional(),
                      }),
                    )
                    .optional(),
                  messages: z
                    .array(
                      z.object({
                        id: z.string(),
                        from: z.string(),
                        type: z.string().optional(),
                        text: z.object({ body: z.string() }).optional(),
                        button: z.object({ text: z.string().optional(), payload: z.string().optional() }).optional(),
                        interactive: z
                          .object({
                            button_reply: z
                              .object({ id: z.string().optional(), title: z.string().optional() })
                              .optional(),
                          })
                          .optional(),
                        context: z.object({ id: z.string().optional() }).optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

const GatewayReceiptSchema = z.object({
  id: z.string().max(64),
  status: z.enum(['sent', 'delivered', 'failed']),
  error: z.string().max(500).optional(),
});
const GatewayReplySchema = z.object({
  id: z.string().min(1).max(128),
  from: z.string().min(4).max(32),
  text: z.string().max(1600),
});

/**
 * The providers' callbacks (decision 175): delivery receipts and customers' replies from Twilio, WhatsApp Cloud
 * API and the HTTP gateway, each checked against the provider's own signature on the bytes as received, before
 * anything in them is believed. A provider that is not connected answers 404.
 */
export const messagingWebhookRoutes: FastifyPluginAsyncZod<{
  messaging: MessagingService;
  config: MessagingConfig;
  publicUrl: string;
  /** The deployment's country: a gateway may write numbers in the national form. */
  countryCode: string;
}> = async (app, { messaging, config, publicUrl, countryCode }) => {
  // Signatures are of the body as sent: it is read as text and parsed here, after the check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const tags = ['customer-messages'];
  const { sms, whatsapp } = config;

  /** Twilio signs the whole URL it called (PUBLIC_URL and the path with its query) and the form's fields. */
  function twilioForm(request: { url: string; headers: Record<string, unknown>; body: string }): URLSearchParams {
    if (sms.provider !== 'twilio') throw notConnected();
    const form = new URLSearchParams(request.body);
    const header = request.headers['x-twilio-signature'];
    const url = `${publicUrl}${request.url}`;
    if (!isTwilioSignatureValid(sms.authToken, typeof header === 'string' ? header : undefined, url, form)) {
      throw forbidden();
    }
    return form;
  }

  app.post(
    '/customer-messages/webhooks/twilio/status',
    { schema: { tags, hide: true, body: Text } },
    async (request, reply) => {
      const form = twilioForm(request);
      const state = TWILIO_STATES[form.get('MessageStatus') ?? ''];
      if (state) {
        const code = form.get('ErrorCode');
        await messaging.receipt({
          provider: 'twilio',
          messageId: new URL(request.url, publicUrl).searchParams.get('message'),
          providerMessageId: form.get('MessageSid'),
          state,
          error: code ? `twilio error ${code}` : null,
        });
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/customer-messages/webhooks/twilio/inbound',
    { schema: { tags, hide: true, body: Text } },
    async (request, reply) => {
      const form = twilioForm(request);
      const from = form.get('From');
      const sid = form.get('MessageSid');
      if (from && sid) {
        await messaging.reply({
          provider: 'twilio',
          channel: 'sms',
          providerMessageId: sid,
          from: e164(from),
          text: form.get('Body') ?? '',
          contextId: null,
        });
      }
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );

  // Meta verifies the callback URL once: it sends the token we gave it and expects its challenge back.
  app.get(
    '/customer-messages/webhooks/whatsapp',
    {
      schema: {
        tags,
        hide: true,
        querystring: z.object({
          'hub.mode': z.string().max(32).optional(),
          'hub.verify_token': z.string().max(256).optional(),
          'hub.challenge': z.string().max(256).optional(),
        }),
      },
    },
    async (request, reply) => {
      if (whatsapp.provider !== 'cloud') throw notConnected();
      const query = request.query;
      if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== whatsapp.verifyToken) throw forbidden();
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/customer-messages/webhooks/whatsapp',
    { schema: { tags, hide: true, body: Text } },
    async (request, reply) => {
      if (whatsapp.provider !== 'cloud') throw notConnected();
      const header = request.headers['x-hub-signature-256'];
      if (!isHubSignatureValid(whatsapp.appSecret, typeof header === 'string' ? header : undefined, request.body)) {
        throw forbidden();
      }
      let json: unknown;
      try {
        json = JSON.parse(request.body);
      } catch {
        throw new AppError(400, 'BadRequest', 'The body is not JSON.');
      }
      const parsed = WhatsappWebhookSchema.safeParse(json);
      // A signed body of another shape (another field's event) is acknowledged, or Meta would retry it for days.
      if (!parsed.success) return reply.code(200).send();
      for (const entry of parsed.data.entry) {
        for (const change of entry.changes) {
          const value = change.value;
          const numberId = value?.metadata?.phone_number_id;
          if (!value || (numberId !== undefined && numberId !== whatsapp.phoneNumberId)) continue;
          for (const status of value.statuses ?? []) {
            const state = WHATSAPP_STATES[status.status];
            if (!state) continue;
            const error = status.errors?.[0];
            await messaging.receipt({
              provider: 'cloud',
              messageId: status.biz_opaque_callback_data ?? null,
              providerMessageId: status.id,
              state,
              error: error ? `whatsapp ${error.code ?? ''} ${error.title ?? ''}`.trim() : null,
            });
          }
          for (const message of value.messages ?? []) {
            const text =
              message.text?.body ??
              message.button?.text ??
              message.button?.payload ??
              message.interactive?.button_reply?.title;
            if (text === undefined) continue;
            await messaging.reply({
              provider: 'cloud',
              channel: 'whatsapp',
              providerMessageId: message.id,
              from: e164(message.from),
              text,
              contextId: message.context?.id ?? null,
            });
          }
        }
      }
      return reply.code(200).send();
    },
  );

  /** The gateway's callbacks: JSON, signed with the shared secret in the configured header. */
  function gatewayJson(request: { headers: Record<string, unknown>; body: string }): unknown {
    if (sms.provider !== 'gateway') throw notConnected();
    const header = request.headers[sms.signatureHeader];
    if (!isGatewaySignatureValid(sms.secret, typeof header === 'string' ? header : undefined, request.body)) {
      throw forbidden();
    }
    try {
      return JSON.parse(request.body);
    } catch {
      throw new AppError(400, 'BadRequest', 'The body is not JSON.');
    }
  }

  app.post(
    '/customer-messages/webhooks/gateway/status',
    { schema: { tags, hide: true, body: Text } },
    async (request, reply) => {
      const parsed = GatewayReceiptSchema.safeParse(gatewayJson(request));
      if (!parsed.success) throw new AppError(400, 'BadRequest', 'Expected {id, status, error?}.');
      await messaging.receipt({
        provider: 'gateway',
        messageId: parsed.data.id,
        providerMessageId: parsed.data.id,
        state: parsed.data.status,
        error: parsed.data.error ?? null,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/customer-messages/webhooks/gateway/inbound',
    { schema: { tags, hide: true, body: Text } },
    async (request, reply) => {
      const parsed = GatewayReplySchema.safeParse(gatewayJson(request));
      if (!parsed.success) throw new AppError(400, 'BadRequest', 'Expected {id, from, text}.');
      await messaging.reply({
        provider: 'gateway',
        channel: 'sms',
        providerMessageId: parsed.data.id,
        from: normalisePhoneNumber(parsed.data.from, countryCode),
        text: parsed.data.text,
        contextId: null,
      });
      return reply.code(204).send();
    },
  );
};
