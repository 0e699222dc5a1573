import type { LanguageCode } from '../config.ts';
import { isOverlayStatus, lifecycleStage } from '../order-lifecycle.ts';
import { isInGroup, type OrderStatus, type OrderWithHistory } from '../order-status.ts';
import { minutesOfDayInZone, parseServiceHours } from '../service-hours.ts';

// The customer's side of a delivery (issue 37, decision 175): which messages exist, when each is due, what it
// says and when it is no longer worth sending. The API records and sends them; the portal sets them up.

/** How a message reaches the customer. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * The moments a merchant may tell the customer of, per outlet (Settings → Customer messages), in the order they
 * happen. `failed` covers a delivery that will not happen: cancelled, stalled, or on its way back to the outlet.
 */
export const MESSAGE_TRIGGERS = ['order_confirmed', 'picked_up', 'rider_near', 'delivered', 'failed'] as const;
export type MessageTrigger = (typeof MESSAGE_TRIGGERS)[number];

/**
 * Every kind of message an order may send: the merchant's triggers, and the request to confirm a cash order
 * (decision 175), which the outlet's cash confirmation sends whatever the triggers say.
 */
export const MESSAGE_KINDS = [...MESSAGE_TRIGGERS, 'cash_confirmation'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The languages a customer is written to in (spec §1: Pakistan's en and ur_alt). */
export const MESSAGE_LANGUAGES = ['en', 'ur_alt'] as const satisfies readonly LanguageCode[];
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const isMessageLanguage = (value: string): value is MessageLanguage =>
  (MESSAGE_LANGUAGES as readonly string[]).includes(value);

/**
 * A message's life: queued (waiting for its job, or for quiet hours to end), sending (handed to the provider,
 * answer not yet recorded), sent (the provider took it), delivered or failed (the provider's receipt, or its
 * refusal), skipped (never sent, and why in `skip_reason`).
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const SKIP_REASONS = ['opted_out', 'daily_cap', 'no_address', 'stale', 'channel_off'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** How far a message has got: a receipt never moves it back (providers' receipts may come out of order). */
const STATE_RANK: Record<MessageState, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  failed: 3,
  skipped: 3,
};

/** Whether a provider's report of `next` moves a message in state `current` on. */
export function isLaterState(current: MessageState, next: MessageState): boolean {
  return STATE_RANK[next] > STATE_RANK[current];
}

/** What a trigger is set to at one outlet. */
export interface TriggerSetting {
  enabled: boolean;
  channel: MessageChannel;
}

export type TriggerSettings = Record<MessageTrigger, TriggerSetting>;

/** An outlet that never saved its settings: nothing is sent; SMS is the channel offered first. */
export const DEFAULT_TRIGGER_SETTINGS: TriggerSettings = {
  order_confirmed: { enabled: false, channel: 'sms' },
  picked_up: { enabled: false, channel: 'sms' },
  rider_near: { enabled: false, channel: 'sms' },
  delivered: { enabled: false, channel: 'sms' },
  failed: { enabled: false, channel: 'sms' },
};

/** Statuses in which the delivery has failed for the customer (the `failed` trigger). */
const FAILED_STATUSES: readonly OrderStatus[] = ['CANCELLED', 'STALLED', 'RETURN_INITIATED'];

const wasPlaced = (order: OrderWithHistory) => order.status_history.some((entry) => entry.status === 'NEW');

/**
 * The trigger a status change fires, judged on the order just after it (its last history entry is the change).
 * A new order's `order_confirmed` is its create's (or, paid by card, the step from PAYMENT_COMMITTED to NEW);
 * a payment that never went through (PAYMENT_FAILED, PAYMENT_CANCELLED) tells the customer nothing, as the order
 * never existed for them. An overlay (MODIFIED, DELAYED) is no trigger.
 */
export function triggerOfStatus(order: OrderWithHistory): MessageTrigger | null {
  const { status } = order;
  if (isOverlayStatus(status)) return null;
  switch (status) {
    case 'NEW':
      return order.status_history.length > 1 ? 'order_confirmed' : null;
    case 'PICKED_UP':
      return 'picked_up';
    case 'NEAR_CUSTOMER':
      return 'rider_near';
    case 'DELIVERED':
      return 'delivered';
    default:
      return FAILED_STATUSES.includes(status) && wasPlaced(order) ? 'failed' : null;
  }
}

/**
 * Whether a message is still worth sending now (it waited for quiet hours to end, or for a retry): news of a
 * stage the order has left is not sent; a receipt (delivered, failed) always is.
 */
export function isStillCurrent(
  kind: MessageKind,
  order: OrderWithHistory & { customer_confirmation?: string | null },
): boolean {
  const stage = lifecycleStage(order);
  const isOver = isInGroup(order.status, 'cancelled') || stage === 'DELIVERED' || stage === 'RETURNED_TO_VENDOR';
  switch (kind) {
    case 'cash_confirmation':
      // Asked only while the order still waits for its customer (decision 175).
      return !isOver && order.customer_confirmation === 'awaiting';
    case 'order_confirmed':
      return !isOver && !isInGroup(stage, 'collected');
    case 'picked_up':
      return !isOver && (stage === 'PICKED_UP' || stage === 'COURIER_LEFT_VENDOR');
    case 'rider_near':
      return stage === 'NEAR_CUSTOMER';
    case 'delivered':
    case 'failed':
      return true;
  }
}

/**
 * Quiet hours ('HHMM:HHMM' in the country's time zone, as service hours are written; start after end spans
 * midnight): the instant they end when `at` falls inside them, else null. Equal start and end mean none.
 */
export function quietHoursEnd(quietHours: string | null, at: Date, timeZone: string): Date | null {
  const parsed = quietHours ? parseServiceHours(quietHours) : null;
  if (!parsed || parsed.start === parsed.end) return null;
  const minute = minutesOfDayInZone(at, timeZone);
  const inside =
    parsed.start < parsed.end
      ? minute >= parsed.start && minute < parsed.end
      : minute >= parsed.start || minute < parsed.end;
  if (!inside) return null;
  const minutesLeft = (parsed.end - minute + 24 * 60) % (24 * 60);
  const startOfMinute = at.getTime() - (at.getTime() % 60_000);
  return new Date(startOfMinute + minutesLeft * 60_000);
}

/** 'HHMM:HHMM' as the settings page shows it ('22:00–08:00'). */
export const QUIET_HOURS_PATTERN = /^([01]\d|2[0-3])[0-5]\d:([01]\d|2[0-3])[0-5]\d$/;

/**
 * What a customer's reply asks for. STOP words are the carriers' and Twilio's (STOP, STOPALL, UNSUBSCRIBE,
 * CANCEL, END, QUIT, and Urdu "بند"); START words undo them; 1 confirms a cash order (decision 175); a language
 * name switches the language the customer is written to in.
 */
export type ReplyIntent =
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'confirm' }
  | { kind: 'language'; language: MessageLanguage }
  | { kind: 'other' };

const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'بند'];
const START_WORDS = ['START', 'UNSTOP', 'YES'];
const CONFIRM_WORDS = ['1', '١', '۱'];
const LANGUAGE_WORDS: Record<string, MessageLanguage> = {
  ENGLISH: 'en',
  EN: 'en',
  URDU: 'ur_alt',
  UR: 'ur_alt',
  اردو: 'ur_alt',
};

export function replyIntent(text: string): ReplyIntent {
  // A reply is read as one word: "Stop." and " stop " are STOP; "please stop calling" is not a keyword.
  const word = text
    .trim()
    .replace(/[.!。۔]+$/u, '')
    .toUpperCase();
  if (STOP_WORDS.includes(word)) return { kind: 'stop' };
  if (START_WORDS.includes(word)) return { kind: 'start' };
  if (CONFIRM_WORDS.includes(word)) return { kind: 'confirm' };
  const language = LANGUAGE_WORDS[word];
  if (language) return { kind: 'language', language };
  return { kind: 'other' };
}

/** What a message may say: names and links, never the customer's name, address or phone. */
export interface MessageValues {
  /** The delivery service's name (the brand, spec §1). */
  brand: string;
  /** The outlet's name as the merchant named it. */
  merchant: string;
  /** The public tracking page, or the receipt for `delivered`. */
  link: string;
  /** The handover PIN (decision 175), when the order has one. */
  pin?: string | null;
  /** The cash to hand over, formatted, for the confirmation request (decision 175). */
  amount?: string | null;
  /** Minutes left to confirm a cash order. */
  minutes?: number | null;
}

/**
 * The catalogue key of a message's text: `customer-messages.text.<kind>`, and `order_confirmed_pin` for the
 * confirmation of an order with a handover PIN (a cash order's request to confirm carries none: the PIN follows
 * with the confirmation).
 */
export function messageTextKey(kind: MessageKind, values: Pick<MessageValues, 'pin'>): string {
  return `customer-messages.text.${kind}${values.pin && kind === 'order_confirmed' ? '_pin' : ''}`;
}

/**
 * The positional parameters of a WhatsApp template ({{1}}, {{2}}, …): the values in a fixed order per template,
 * whatever order a language's text puts them in (the README lists the templates to have approved).
 */
export const WHATSAPP_PARAMETERS = ['merchant', 'brand', 'link', 'pin', 'amount', 'minutes'] as const;

export function whatsappParameters(template: string, values: MessageValues): string[] {
  const used = WHATSAPP_PARAMETERS.filter((name) => template.includes(`{{${name}}}`));
  return used.map((name) => String(values[name] ?? ''));
}

/** A template with its {{name}} placeholders filled; an unknown placeholder is left as written. */
export function fillTemplate(template: string, values: MessageValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = (values as unknown as Record<string, unknown>)[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The WhatsApp template name of a message kind: the deployment's prefix and the catalogue key's last part. */
export function whatsappTemplateName(prefix: string, kind: MessageKind, values: Pick<MessageValues, 'pin'>): string {
  return `${prefix}${messageTextKey(kind, values).split('.').at(-1)}`;
}

/** WhatsApp's language code of a message language (Meta names Urdu 'ur'). */
export const WHATSAPP_LANGUAGE: Record<MessageLanguage, string> = { en: 'en', ur_alt: 'ur' };

/**
 * A catalogue text as the WhatsApp template to submit for approval: each {{name}} becomes its position among the
 * text's parameters ({{1}}, {{2}}, …), the numbering `whatsappParameters` sends values in.
 */
export function whatsappTemplateBody(template: string): string {
  const used = WHATSAPP_PARAMETERS.filter((name) => template.includes(`{{${name}}}`));
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const index = (used as readonly string[]).indexOf(name);
    return index === -1 ? whole : `{{${index + 1}}}`;
  });
}
