import type {
  CustomerMessageSettings,
  CustomerMessageSettingsBody,
  MessagePreviewSchema,
} from '@riderdesk/domain/contracts/customer-messages';
import {
  DEFAULT_TRIGGER_SETTINGS,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  MESSAGE_TRIGGERS,
} from '@riderdesk/domain/messaging/customer-messages';
import { formatMoney } from '@riderdesk/domain/money';
import { CASH_CONFIRMATION_MINUTES } from '@riderdesk/domain/orders/cash-confirmation';
import { absolute, paths } from '@riderdesk/domain/paths';
import type { z } from 'zod';
import { keyedError } from '../../../errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { MessagingDeps } from '../deps.ts';
import { renderText } from '../render.ts';
import * as repo from '../repo.ts';

const channelUnavailable = (trigger: string) =>
  keyedError(422, 'ChannelUnavailable', 'customer-messages.error.channel-unavailable', `triggers.${trigger}.channel`);

/** The channels of this deployment as the settings page offers them. */
function channelsOf(deps: MessagingDeps): CustomerMessageSettings['channels'] {
  return MESSAGE_CHANNELS.map((channel) => {
    const adapter = deps.channels[channel];
    return { channel, is_available: adapter !== null, provider: adapter?.provider ?? 'off' };
  });
}

/** An outlet's settings as saved, or the defaults (nothing sent) for one that never saved any. */
export async function getSettings(
  deps: MessagingDeps,
  caller: Caller,
  vendorId: string,
): Promise<CustomerMessageSettings> {
  const vendor = await deps.vendors.vendorOfCaller(caller, vendorId);
  const row = await repo.findSettings(deps.db, vendorId);
  return {
    vendor_id: vendorId,
    triggers: { ...DEFAULT_TRIGGER_SETTINGS, ...row?.triggers },
    language: row?.language ?? 'en',
    quiet_hours: row?.quiet_hours ?? null,
    handover_pin_required: vendor.handover_pin_required,
    cash_confirmation_minutes: vendor.cash_confirmation_minutes,
    channels: channelsOf(deps),
    daily_cap: deps.config.dailyCapPerMerchant,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

/** Saves an outlet's settings; a trigger turned on must use a channel this deployment has. */
export async function saveSettings(
  deps: MessagingDeps,
  caller: Caller & { kind: 'user' },
  body: CustomerMessageSettingsBody,
): Promise<CustomerMessageSettings> {
  await deps.vendors.vendorOfCaller(caller, body.vendor_id);
  for (const trigger of MESSAGE_TRIGGERS) {
    const setting = body.triggers[trigger];
    if (setting.enabled && deps.channels[setting.channel] === null) throw channelUnavailable(trigger);
  }
  await repo.saveSettings(deps.db, {
    vendor_id: body.vendor_id,
    triggers: body.triggers,
    language: body.language,
    quiet_hours: body.quiet_hours,
    updatedAt: deps.clock(),
    updatedBy: caller.userId,
  });
  // The PIN is a rule of the outlet's orders (decision 175): the vendors module keeps it, the orders module reads it.
  await deps.vendors.setDeliveryOptions(body.vendor_id, {
    handoverPinRequired: body.handover_pin_required,
    cashConfirmationMinutes: body.cash_confirmation_minutes,
  });
  // The outlet's next order change on this instance records its messages at once.
  deps.presence.forget();
  return getSettings(deps, caller, body.vendor_id);
}

// The preview's link: the shape of a real one, to no order; and a PIN for an outlet that asks for one.
const PREVIEW_TOKEN = 'aBcD3fGh1jKlMn0pQrStUvWxYz-1234567890abcde';
const PREVIEW_PIN = '4821';
const PREVIEW_AMOUNT = 1500;

/** Every message an outlet may send, in both languages, with its name and the brand's filled in. */
export async function previewMessages(
  deps: MessagingDeps,
  caller: Caller,
  vendorId: string,
): Promise<z.infer<typeof MessagePreviewSchema>[]> {
  const vendor = await deps.vendors.vendorOfCaller(caller, vendorId);
  const previews: z.infer<typeof MessagePreviewSchema>[] = [];
  for (const kind of MESSAGE_KINDS) {
    const path = kind === 'delivered' ? paths.deliveryReceipt(PREVIEW_TOKEN) : paths.tracking(PREVIEW_TOKEN);
    const values = {
      brand: deps.brand,
      merchant: vendor.name,
      link: absolute(deps.publicUrl, path),
      pin: vendor.handover_pin_required ? PREVIEW_PIN : null,
    };
    for (const language of MESSAGE_LANGUAGES) {
      // A cash order of 1 500 and the outlet's wait (decision 175).
      const cash =
        kind === 'cash_confirmation'
          ? {
              amount: formatMoney(PREVIEW_AMOUNT, vendor.currency, language),
              minutes: vendor.cash_confirmation_minutes ?? CASH_CONFIRMATION_MINUTES.default,
            }
          : {};
      previews.push({ kind, language, text: await renderText(deps, kind, language, { ...values, ...cash }) });
    }
  }
  return previews;
}
