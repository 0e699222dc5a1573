import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api.ts';
import { makeVendor, validSession } from '../../test/fixtures.ts';
import { API, countryParametersHandler, vendorsHandler } from '../../test/handlers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { STORAGE_KEYS } from '../shared/storage.ts';
import { appRoutes } from './router.tsx';

// A page's chunk is loaded, and in tests compiled, on first use: slow on a loaded machine.
const LAZY_PAGE = { timeout: 10_000 };

/** Every API answer waits for `release`: nothing has answered while the page asks for what it needs. */
function holdEveryAnswer() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = http.all(`${API}/*`, async () => {
    await held;
  });
  return { hold, release };
}

describe('the request page on a slow network (issue 32)', () => {
  it('asks for the branch, its flags and the service’s parameters together, and shows it is loading', async () => {
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(validSession()));
    const { hold, release } = holdEveryAnswer();
    const api = mockApi(
      hold,
      vendorsHandler([makeVendor({ vendor_id: 'pk-khi-0042', name: 'Karachi Grill House — Clifton' })]),
      http.get(`${API}/flags`, () => HttpResponse.json({ variations: [] })),
      countryParametersHandler({
        serviceHours: '0000:0000',
        onlinePaymentActivated: 'false',
        orderItemValueExceedLimit: '50000',
        paymentMethods: 'CASH_ON_DELIVERY',
      }),
    );
    const asked = (path: string) => api.requests.filter((call) => call.url.pathname === `${API}${path}`);
    await renderRoutes(appRoutes, '/request-a-rider/pk-khi-0042');

    // Before any answer: each of them is asked for, none waiting on another.
    await waitFor(() => {
      expect(asked('/vendors')).toHaveLength(1);
      expect(asked('/flags').filter((call) => call.url.searchParams.get('vendor_id') === 'pk-khi-0042')).toHaveLength(
        1,
      );
      for (const name of ['serviceHours', 'onlinePaymentActivated', 'orderItemValueExceedLimit', 'paymentMethods']) {
        expect(asked(`/get-country-parameter/${name}`)).toHaveLength(1);
      }
    }, LAZY_PAGE);
    // The page waits for the branch; it does not tell the merchant to choose one, or to set its collection point.
    expect(await screen.findByRole('status', { busy: true })).toHaveTextContent('Loading your branch…');
    expect(screen.queryByText(/Choose a branch in the menu/)).not.toBeInTheDocument();
    expect(screen.queryByText('Set the collection point first.')).not.toBeInTheDocument();

    release();
    const address = await screen.findByRole('textbox', { name: 'Drop-off address' }, LAZY_PAGE);
    await waitFor(() => expect(address).toBeEnabled(), LAZY_PAGE);
    expect(screen.queryByText('Loading your branch…')).not.toBeInTheDocument();
    // The service hours are asked for once, by the flow, for the page as well.
    expect(asked('/get-country-parameter/serviceHours')).toHaveLength(1);
  }, 30_000);
});
