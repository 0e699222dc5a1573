import { initialRequestState, type RequestEvent, type RequestState } from '@riderdesk/domain/request-flow';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { makeVendor } from '../../../../test/fixtures.ts';
import { API } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CollectionPointSection } from './collection-point-section.tsx';

const vendor = makeVendor({ vendor_id: 'pk-khi-0042', name: 'Karachi Grill House — Clifton' });

const state: RequestState = {
  ...initialRequestState('PK'),
  step: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS',
  originAddressCreation: {
    address_text: 'Zamzama Boulevard, Karachi',
    unit: null,
    notes: null,
    building: null,
    city: 'Karachi',
    country_code: 'PK',
    latitude: 24.8138,
    longitude: 67.0322,
    postal_code: null,
    street_address: null,
  },
};

function renderSection(
  senderContact?: { value: null; onChange: () => void },
  shown: RequestState = state,
  send: (event: RequestEvent) => void = vi.fn(),
) {
  return renderWithProviders(
    <CollectionPointSection
      vendor={vendor}
      state={shown}
      send={send}
      countryCode="PK"
      isOriginSaved={false}
      onOriginSaved={vi.fn()}
      senderContact={senderContact}
    />,
  );
}

describe('the pickup point set on the request page (spec §7, §8 texts)', () => {
  it('says the spec’s sentence when the address cannot be saved and the server names no key', async () => {
    mockApi(
      http.put(`${API}/vendor/pk-khi-0042/address`, () =>
        HttpResponse.json({ status: 409, code: 'Conflict', message: 'Conflict', errors: [] }, { status: 409 }),
      ),
    );
    await renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Save pickup address' }));
    expect(await screen.findByText('We were unable to update the address.')).toBeInTheDocument();
  });

  it('shows the phone helper text at a guest’s phone that is not a number', async () => {
    await renderSection({ value: null, onChange: vi.fn() });
    await userEvent.type(screen.getByLabelText('Your name'), 'Sana Malik');
    await userEvent.type(screen.getByLabelText('Your phone number'), '12');
    await userEvent.type(screen.getByLabelText('Your e-mail'), 'sana@example.pk');
    await userEvent.click(screen.getByRole('button', { name: 'Use this pickup' }));
    expect(screen.getByLabelText('Your phone number')).toHaveAccessibleDescription(
      'Enter a phone number the rider can call, for example 0300 1234567.',
    );
  });

  it('offers a guest the pickup and contact they gave last time in this browser', async () => {
    await renderSection({ value: null, onChange: vi.fn() });
    await userEvent.type(screen.getByLabelText('Your name'), 'Sana Malik');
    await userEvent.type(screen.getByLabelText('Your phone number'), '03001234567');
    await userEvent.type(screen.getByLabelText('Your e-mail'), 'sana@example.pk');
    await userEvent.click(screen.getByRole('button', { name: 'Use this pickup' }));
    cleanup();

    // The next visit starts at the address search, with the last pickup one click away.
    const send = vi.fn();
    await renderSection(
      { value: null, onChange: vi.fn() },
      { ...initialRequestState('PK'), step: 'ASK_FOR_ORIGIN_ADDRESS' },
      send,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use your last pickup: Zamzama Boulevard, Karachi' }));
    expect(send).toHaveBeenCalledWith({ type: 'originAddressSet', address: state.originAddressCreation });
    cleanup();

    // And its contact is filled in again.
    await renderSection({ value: null, onChange: vi.fn() });
    expect(screen.getByLabelText('Your name')).toHaveValue('Sana Malik');
    expect(screen.getByLabelText('Your e-mail')).toHaveValue('sana@example.pk');
  });

  it('offers a signed-in merchant no guest pickup', async () => {
    await renderSection(undefined, { ...initialRequestState('PK'), step: 'ASK_FOR_ORIGIN_ADDRESS' });
    expect(screen.queryByRole('button', { name: /Use your last pickup/ })).not.toBeInTheDocument();
  });

  it('does not call a guest’s pickup by the guest vendor’s name', async () => {
    const guestVendor = makeVendor({ vendor_id: 'guest-616f0123', name: 'guest' });
    await renderWithProviders(
      <CollectionPointSection
        vendor={guestVendor}
        state={{ ...initialRequestState('PK'), step: 'ASK_FOR_ORIGIN_ADDRESS' }}
        send={vi.fn()}
        countryCode="PK"
        isOriginSaved={false}
        onOriginSaved={vi.fn()}
        senderContact={{ value: null, onChange: vi.fn() }}
      />,
    );
    expect(screen.getByText('Guest order')).toBeInTheDocument();
    expect(screen.queryByText('guest')).not.toBeInTheDocument();
  });
});
