import type { AutocompleteAnswer, PlaceDetailsAnswer } from '@riderdesk/domain/contracts/geo';
import { OutletBodySchema } from '@riderdesk/domain/contracts/outlets';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { makeCollectionPoint, makeVendor } from '../../../../test/fixtures.ts';
import { API, answer, apiError } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useOutletReadiness } from '../hooks/use-outlet-readiness.ts';
import { OutletDialog } from './outlet-dialog.tsx';

const PARENT = makeVendor({ vendor_id: 'kgh', name: 'Karachi Grill House', is_parent: true });
const CLIFTON = makeVendor({
  vendor_id: 'kgh-clifton',
  name: 'Clifton',
  parent_vendor_id: 'kgh',
  client_vendor_id: 'KGH-CLIFTON',
  vendor_information: {
    ...makeVendor({ vendor_id: 'x', name: 'Clifton' }).vendor_information,
    owners: ['manager@kgh.pk'],
  },
});
const ZAMZAMA = {
  id: 'pk-khi-zamzama',
  formatted_address: 'Zamzama, Clifton, Karachi',
  latitude: 24.8138,
  longitude: 67.03,
};

function geocoder() {
  return [
    http.get(`${API}/geolocator/autocomplete`, () =>
      HttpResponse.json({
        data: { data: [{ address: { id: ZAMZAMA.id, formatted_address: ZAMZAMA.formatted_address } }] },
      } satisfies AutocompleteAnswer),
    ),
    http.get(`${API}/geolocator/details`, () =>
      HttpResponse.json({
        data: [
          {
            address: {
              ...ZAMZAMA,
              city: 'Karachi',
              street: 'Zamzama Boulevard',
              street_number: '12',
              postal_code: '75600',
              country_code: 'PK',
            },
          },
        ],
      } satisfies PlaceDetailsAnswer),
    ),
  ];
}

const saved = (isPending: boolean) =>
  answer({ vendor_id: 'kgh-new', is_active: !isPending, is_pending: isPending, invited: [] });

describe('OutletDialog', () => {
  it('shows the spec §5 message of every empty field, sends nothing, and clears a message as its field changes', async () => {
    const api = mockApi(...geocoder());
    await renderWithProviders(<OutletDialog target={{ mode: 'add' }} vendors={[PARENT]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add collection point' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add collection point' }));
    for (const message of [
      'Please enter collection point ID',
      'Please enter label',
      'Please enter phone number',
      'Please select pickup address',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Zamzama');
    expect(within(dialog).queryByText('Please enter label')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Please enter collection point ID')).toBeInTheDocument();
    expect(api.sent(`${API}/outlet`)).toEqual([]);
  }, 30_000);

  it('fills the address from the geocoder, keeps digits and + in the phone, and sends the spec §7 body', async () => {
    const onClose = vi.fn();
    const api = mockApi(
      ...geocoder(),
      http.post(`${API}/outlet`, () => saved(true)),
    );
    await renderWithProviders(<OutletDialog target={{ mode: 'add' }} vendors={[PARENT]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add collection point' });
    // One parent: no parent select (spec §2).
    expect(within(dialog).queryByRole('textbox', { name: 'Parent vendor' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Collection point ID/ }), 'KGH-ZMZ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Zamzama');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'Zamz');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Zamzama, Clifton/ }, { timeout: 3000 }));
    await within(dialog).findByText('75600');
    const phone = within(dialog).getByRole('textbox', { name: /^Phone/ });
    await userEvent.type(phone, '+92 (21) 3587-abc1234');
    expect(phone).toHaveValue('+922135871234');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Owner e-mail 1' }), 'owner@kgh.pk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Owner e-mail 2' }), 'second@kgh.pk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add collection point' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [request] = api.sent(`${API}/outlet`);
    expect(OutletBodySchema.parse(request?.body)).toEqual({
      parent_vendor_id: 'kgh',
      client_vendor_id: 'KGH-ZMZ',
      name: 'Zamzama',
      address: ZAMZAMA.formatted_address,
      latitude: ZAMZAMA.latitude,
      longitude: ZAMZAMA.longitude,
      rider_instructions: null,
      phone_number: '+922135871234',
      city: 'Karachi',
      users: ['owner@kgh.pk', 'second@kgh.pk'],
      unit: null,
      building: null,
      street: 'Zamzama Boulevard',
      postal_code: '75600',
      country_code: 'PK',
      street_number: '12',
    });
    expect(
      await screen.findByText(
        'The collection point has been saved successfully It will take a few minutes to become available.',
      ),
    ).toBeInTheDocument();
  }, 45_000);

  it('replaces the "few minutes" notice of a new collection point with its "ready" notice, never both', async () => {
    const onClose = vi.fn();
    mockApi(
      ...geocoder(),
      http.post(`${API}/outlet`, () => saved(true)),
    );
    let list: (vendors: Vendor[]) => void = () => {};
    function Readiness() {
      const [vendors, setVendors] = useState<Vendor[]>([PARENT]);
      list = setVendors;
      useOutletReadiness(vendors);
      return null;
    }
    await renderWithProviders(
      <>
        <OutletDialog target={{ mode: 'add' }} vendors={[PARENT]} onClose={onClose} />
        <Readiness />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add collection point' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Collection point ID/ }), 'KGH-ZMZ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Zamzama');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'Zamz');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Zamzama, Clifton/ }, { timeout: 3000 }));
    await within(dialog).findByText('75600');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '+922135871234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add collection point' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const pendingText =
      'The collection point has been saved successfully It will take a few minutes to become available.';
    expect(await screen.findByText(pendingText)).toBeInTheDocument();

    const outlet = { vendor_id: 'kgh-new', name: 'Zamzama', parent_vendor_id: 'kgh', client_vendor_id: 'KGH-ZMZ' };
    act(() => list([PARENT, makeVendor({ ...outlet, is_active: false, is_pending: true })]));
    act(() => list([PARENT, makeVendor({ ...outlet, is_active: true, is_pending: false })]));
    expect(await screen.findByText('Zamzama is ready: you can request riders from it now.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(pendingText)).not.toBeInTheDocument());
  }, 45_000);

  it('opens a collection point with each field showing its own saved value, the phone as History shows it', async () => {
    mockApi(...geocoder());
    const saved = makeCollectionPoint();
    await renderWithProviders(
      <OutletDialog target={{ mode: 'edit', vendor: saved }} vendors={[PARENT, saved]} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection point' });
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    expect(field(/^Collection point ID/)).toHaveValue('KGH-CLIFTON');
    expect(field(/^Label/)).toHaveValue('Clifton Grill');
    expect(field(/^Address/)).toHaveValue('Block 5, Clifton, Karachi');
    expect(field(/^Unit/)).toHaveValue('Shop 3');
    expect(field(/^Building/)).toHaveValue('Sea View Plaza');
    expect(field(/^Phone/)).toHaveValue('(021) 35871234');
    expect(field(/^Notes for the rider/)).toHaveValue('Back door');
    expect(field(/^Owner e-mail 1/)).toHaveValue('manager@kgh.pk');
  });

  it('clears the chosen location when the address is typed again (spec §5)', async () => {
    mockApi(...geocoder());
    await renderWithProviders(
      <OutletDialog target={{ mode: 'edit', vendor: CLIFTON }} vendors={[PARENT, CLIFTON]} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection point' });
    const address = within(dialog).getByRole('textbox', { name: /^Address/ });
    await userEvent.type(address, ' 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Please select pickup address')).toBeInTheDocument();
  });

  it('edits with the ID fixed, removes an owner, and shows the server’s message when it refuses', async () => {
    const api = mockApi(
      ...geocoder(),
      http.put(`${API}/outlet/kgh-clifton`, () =>
        apiError(409, 'Conflict', 'outlet.error.duplicate-client-id', [
          {
            field: 'client_vendor_id',
            message: 'outlet.error.duplicate-client-id',
            meta: { translation_key: 'outlet.error.duplicate-client-id' },
          },
        ]),
      ),
    );
    const onClose = vi.fn();
    await renderWithProviders(
      <OutletDialog target={{ mode: 'edit', vendor: CLIFTON }} vendors={[PARENT, CLIFTON]} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection point' });
    expect(within(dialog).getByRole('textbox', { name: /^Collection point ID/ })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Owner e-mail 1' })).toHaveValue('manager@kgh.pk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove owner e-mail 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const text = 'Another collection point of this vendor already has this ID.';
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    const [request] = api.sent(`${API}/outlet/kgh-clifton`);
    expect(request?.method).toBe('PUT');
    expect(request?.body).toMatchObject({ client_vendor_id: 'KGH-CLIFTON', users: [], name: 'Clifton' });
  });
});
