import type { MessageChannel, MessageKind, MessageLanguage } from '@riderdesk/domain/messaging/customer-messages';

/** One message as a channel sends it: the text as recorded, and what a template provider needs besides. */
export interface OutgoingMessage {
  /** Our id: providers that take a reference carry it back in receipts. */
  id: string;
  kind: MessageKind;
  /** E.164 for SMS and WhatsApp, an address for e-mail. */
  to: string;
  language: MessageLanguage;
  text: string;
  /** A WhatsApp template's name and its positional parameters (decision 175). */
  template: { name: string; parameters: string[] };
  /** The e-mail's subject. */
  subject: string;
}

/**
 * What became of a send. `refused`: the provider answered that it did not take the message (a retryable
 * refusal is tried again by the job queue). `unknown`: no answer (a time-out, a dropped connection after the
 * request went out): the message may have gone, so it is never sent again (decision 175).
 */
export type SendOutcome =
  | { kind: 'accepted'; providerMessageId: string | null; state: 'sent' | 'delivered' }
  | { kind: 'refused'; isRetryable: boolean; error: string }
  | { kind: 'unknown'; error: string };

/** A channel's provider: the embedded outbox, or a real one. */
export interface ChannelAdapter {
  channel: MessageChannel;
  /** outbox, twilio, gateway, cloud, smtp: stored with each message, so receipts match within their provider. */
  provider: string;
  send(message: OutgoingMessage, signal: AbortSignal): Promise<SendOutcome>;
}

/** The adapters of one deployment: null for a channel that is off. */
export type Channels = Record<MessageChannel, ChannelAdapter | null>;
