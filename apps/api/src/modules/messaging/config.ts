/** Where customer messages go (decision 175), parsed with the rest of the environment in src/config.ts. */
export interface MessagingConfig {
  sms: SmsConfig;
  whatsapp: WhatsappConfig;
  /** Messages one merchant (a parent vendor and its outlets) may hand to providers a day, in the country's zone. */
  dailyCapPerMerchant: number;
  /** How long a provider has to answer a send before its outcome counts as unknown (and it is not sent again). */
  timeoutMs: number;
}

/** outbox: the embedded stand-in, read at /dev/outbox; off: the channel is not offered to merchants. */
export type SmsConfig =
  | { provider: 'outbox' | 'off' }
  | {
      provider: 'twilio';
      /** https://api.twilio.com, or a stand-in (tests). */
      apiUrl: string;
      accountSid: string;
      authToken: string;
      /** The sender: a Twilio number or alphanumeric id, or a Messaging Service (one of the two). */
      from: string | null;
      messagingServiceSid: string | null;
    }
  | {
      provider: 'gateway';
      /** The send request's URL, with {to}, {text}, {id} and {from} filled in (URL-encoded). */
      url: string;
      method: 'GET' | 'POST';
      /** A POST's body template ({to}, {text}, {id}, {from} escaped for its content type); null sends none. */
      body: string | null;
      contentType: 'json' | 'form';
      /** The Authorization header's value, e.g. `Bearer …`; null sends none. */
      authorization: string | null;
      from: string | null;
      /** Signs the gateway's receipts and replies: hex HMAC-SHA256 of the raw body. */
      secret: string;
      /** The header carrying that signature (lower case). */
      signatureHeader: string;
    };

export type WhatsappConfig =
  | { provider: 'outbox' | 'off' }
  | {
      provider: 'cloud';
      /** https://graph.facebook.com, or a stand-in (tests). */
      apiUrl: string;
      apiVersion: string;
      accessToken: string;
      phoneNumberId: string;
      /** The app secret Meta signs webhooks with (X-Hub-Signature-256). */
      appSecret: string;
      /** The token Meta echoes when the webhook is verified (GET hub.verify_token). */
      verifyToken: string;
      /** Each approved template's name is this prefix and the message's kind (order_confirmed, …). */
      templatePrefix: string;
    };

export const DEFAULT_MESSAGES_DAILY_CAP = 2000;
export const DEFAULT_MESSAGES_TIMEOUT_MS = 10_000;
