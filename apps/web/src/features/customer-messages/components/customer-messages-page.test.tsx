import {
  type CustomerMessageSettings,
  CustomerMessageSettingsBodySchema,
} from '@riderdesk/domain/contracts/customer-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { makeVendor } from '../../../../test/fixtures.ts';
import { API, answer, apiError, bodyOf } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CustomerMessagesPage } from './customer-messages-page.tsx';

const VENDORS = [makeVendor({ vendor_id: 'kgh', name: 'Karachi Grill' })];
const off = { enabled: false, channel: 'sms' as const };
const SETTINGS: CustomerMessageSettings = {
  vendor_id: 'kgh',
  triggers: { order_confirmed: off, picked_up: off, rider_near: off, delivered: off, failed: off },
  language: 'en',
  quiet_hours: null,
  handover_pin_required: false,
  cash_confirmation_minutes: null,
  channels: [
    { channel: 'sms', is_available: true, provider: 'twilio' },
    { channel: 'whatsapp', is_available: true, provider: 'cloud' },
    { channel: 'email', is_available: false, provider: 'off' },
  ],
  daily_cap: 2000,
  updated_at: null,
};
const PREVIEWS = [
  { kind: 'rider_near', language: 'en', text: 'Karachi Grill: your rider is less than 5 minutes away. https://x/t' },
  { kind: 'rider_near', language: 'ur_alt', text: 'Karachi Grill: آپ کا رائیڈر 5 منٹ سے کم فاصلے پر ہے۔ https://x/t' },
];

describe('Settings → Customer messages', () => {
  it('saves the triggers, their channels, the language and the quiet hours the merchant chose', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      http.get(`${API}/customer-messages/settings`, () => answer(SETTINGS)),
      http.get(`${API}/customer-messages/preview`, () => answer({ previews: PREVIEWS })),
      http.put(`${API}/customer-messages/settings`, async ({ request }) => {
        const body = await bodyOf(request, CustomerMessageSettingsBodySchema);
        return answer({ ...SETTINGS, ...body, updated_at: '2026-12-03T08:00:00.000Z' });
      }),
    );
    await renderWithProviders(<CustomerMessagesPage vendors={VENDORS} vendorId="kgh" onVendorChange={() => {}} />);

    await user.click(await screen.findByRole('switch', { name: /Order confirmed/ }));
    const channel = screen.getByRole('radiogroup', { name: 'Channel for “Order confirmed”' });
    await user.click(within(channel).getByRole('radio', { name: 'WhatsApp' }));
    // A channel this service has not connected cannot be chosen.
    expect(within(channel).getByRole('radio', { name: 'E-mail' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /Rider nearby/ }));
    await user.click(screen.getByRole('radio', { name: 'اردو' }));
    await user.click(screen.getByRole('switch', { name: /Quiet hours/ }));
    await user.click(screen.getByRole('switch', { name: /Ask for a handover PIN/ }));
    await user.click(screen.getByRole('switch', { name: /Confirm cash orders/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.sent(`${API}/customer-messages/settings`)).toHaveLength(1));
    expect(api.sent(`${API}/customer-messages/settings`)[0]!.body).toEqual({
      vendor_id: 'kgh',
      triggers: {
        ...SETTINGS.triggers,
        order_confirmed: { enabled: true, channel: 'whatsapp' },
        rider_near: { enabled: true, channel: 'sms' },
      },
      language: 'ur_alt',
      quiet_hours: '2200:0800',
      handover_pin_required: true,
      cash_confirmation_minutes: 15,
    });
  });

  it('previews every message in English and in Urdu', async () => {
    const user = userEvent.setup();
    mockApi(
      http.get(`${API}/customer-messages/settings`, () => answer(SETTINGS)),
      http.get(`${API}/customer-messages/preview`, () => answer({ previews: PREVIEWS })),
    );
    await renderWithProviders(<CustomerMessagesPage vendors={VENDORS} vendorId="kgh" onVendorChange={() => {}} />);
    expect(await screen.findByText(PREVIEWS[0]!.text)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'اردو' }));
    expect(await screen.findByText(PREVIEWS[1]!.text)).toBeInTheDocument();
  });

  it('says why a save was refused', async () => {
    const user = userEvent.setup();
    mockApi(
      http.get(`${API}/customer-messages/settings`, () => answer(SETTINGS)),
      http.get(`${API}/customer-messages/preview`, () => answer({ previews: [] })),
      http.put(`${API}/customer-messages/settings`, () =>
        apiError(422, 'ChannelUnavailable', 'customer-messages.error.channel-unavailable', [
          {
            message: 'customer-messages.error.channel-unavailable',
            meta: { translation_key: 'customer-messages.error.channel-unavailable' },
          },
        ]),
      ),
    );
    await renderWithProviders(<CustomerMessagesPage vendors={VENDORS} vendorId="kgh" onVendorChange={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That channel is not connected on this service.');
  });
});
