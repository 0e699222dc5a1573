import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { OutOfAreaHelp } from './out-of-area-help.tsx';
import { DeliveryQuote } from './request-summary.tsx';

const guest = makeVendor({
  vendor_id: 'guest-616f0123',
  name: 'guest',
  delivery_area: { type: 'radius', radius_km: 10 },
});
const TARIQ_ROAD = { lat: 24.8722, lng: 67.0597 };
const FAR = { lat: 24.98, lng: 67.06 };
const quote = { pickup_minutes: 7, delivery_minutes: 20 };

describe('a guest’s pickup in words', () => {
  it('names the pickup address, not the guest’s branch, when an address is out of reach', async () => {
    await renderWithProviders(
      <OutOfAreaHelp
        vendor={guest}
        origin={TARIQ_ROAD}
        destination={FAR}
        otherBranches={[]}
        branchPath={(id) => `/request-a-rider/${id}`}
        pickupAddress="Tariq Road, Karachi"
      />,
    );
    const text = await screen.findByText(
      /from your pickup at Tariq Road, Karachi; riders deliver within 10 km of it\./,
    );
    expect(text.textContent).toMatch(/^This address is 12 km from your pickup/);
    expect(screen.queryByText(/from guest/)).not.toBeInTheDocument();
  });

  it('says the rider comes to the pickup address, not to a branch', async () => {
    await renderWithProviders(
      <DeliveryQuote fee="PKR 250" estimations={quote} distanceKm={12} deliveredBy={() => '14:30'} isGuest />,
    );
    expect(await screen.findByText('Rider at your pickup address in 7 min')).toBeInTheDocument();
    expect(screen.queryByText(/your branch/)).not.toBeInTheDocument();
  });

  it('keeps the branch for a merchant', async () => {
    await renderWithProviders(
      <DeliveryQuote fee="PKR 250" estimations={quote} distanceKm={12} deliveredBy={() => '14:30'} />,
    );
    expect(await screen.findByText('Rider at your branch in 7 min')).toBeInTheDocument();
  });
});
