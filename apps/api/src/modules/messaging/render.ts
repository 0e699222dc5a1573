import {
  fillTemplate,
  type MessageKind,
  type MessageLanguage,
  type MessageValues,
  messageTextKey,
  whatsappParameters,
  whatsappTemplateName,
} from '@riderdesk/domain/messaging/customer-messages';
import { formatMoney, fromMinor } from '@riderdesk/domain/money';
import { minutesLeft } from '@riderdesk/domain/orders/cash-confirmation';
import { absolute, paths } from '@riderdesk/domain/paths';
import { chargesOfRow, type OrderRow } from '../orders/model.ts';
import type { OutgoingMessage } from './channels/channel.ts';
import type { MessagingDeps } from './deps.ts';

/**
 * The values a message of an order may carry (decision 175): the brand, the outlet's name, the public link (the
 * receipt for `delivered`, the tracking page otherwise) and, with the confirmation, the handover PIN (decision
 * 176); never the customer's name, address or phone.
 */
export function valuesOf(
  deps: Pick<MessagingDeps, 'brand' | 'publicUrl'>,
  order: Pick<
    OrderRow,
    | 'outlet_name'
    | 'tracking_token'
    | 'handover_pin'
    | 'confirm_by'
    | 'currency'
    | 'delivery_fee_minor'
    | 'discount_minor'
    | 'payment_method'
    | 'amount_minor'
  >,
  kind: MessageKind,
  language: MessageLanguage,
  at: Date,
): MessageValues {
  const path =
    kind === 'delivered' ? paths.deliveryReceipt(order.tracking_token) : paths.tracking(order.tracking_token);
  const values: MessageValues = {
    brand: deps.brand,
    merchant: order.outlet_name,
    link: absolute(deps.publicUrl, path),
    pin: kind === 'order_confirmed' ? (order.handover_pin ?? null) : null,
  };
  if (kind === 'cash_confirmation' && order.confirm_by) {
    // What the customer hands over at the door, and the time left to say yes (decision 175).
    values.amount = formatMoney(fromMinor(chargesOfRow(order).collectMinor, order.currency), order.currency, language);
    values.minutes = minutesLeft(order.confirm_by, at);
  }
  return values;
}

/** A message's text in a language, from the locale catalogues (`customer-messages.text.*`). */
export async function renderText(
  deps: Pick<MessagingDeps, 'texts'>,
  kind: MessageKind,
  language: MessageLanguage,
  values: MessageValues,
): Promise<string> {
  const t = await deps.texts(language);
  return fillTemplate(t(messageTextKey(kind, values)), values);
}

/** Everything a channel needs to send a recorded message: the WhatsApp template and the e-mail's subject too. */
export async function outgoingMessage(
  deps: Pick<MessagingDeps, 'texts' | 'config'>,
  message: { id: string; kind: MessageKind; recipient: string; language: MessageLanguage; body: string },
  values: MessageValues,
): Promise<OutgoingMessage> {
  const t = await deps.texts(message.language);
  const template = t(messageTextKey(message.kind, values));
  const prefix = deps.config.whatsapp.provider === 'cloud' ? deps.config.whatsapp.templatePrefix : '';
  return {
    id: message.id,
    kind: message.kind,
    to: message.recipient,
    language: message.language,
    text: message.body,
    template: {
      name: whatsappTemplateName(prefix, message.kind, values),
      parameters: whatsappParameters(template, values),
    },
    subject: fillTemplate(t('customer-messages.subject'), values),
  };
}
