import { HELP_CENTRE_TOKEN_REFRESH_MS } from '@riderdesk/domain/contracts/help-centre';
import en from '@riderdesk/domain/locales/en.json';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, apiError } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import type { HelpCentreContext } from '../hooks/use-help-centre.ts';
import { HelpCentreButton } from './help-centre-button.tsx';

const context: HelpCentreContext = {
  vendorId: 'pk-test',
  host: '/help-centre',
  user: { id: 'user-1', email: 'a@b.pk', name: 'Test' },
  brand: 'riderdesk',
  country: 'PK',
  locale: 'en',
};

function helpCentreHost(tokenStatus = 200) {
  const calls = { token: 0, init: [] as Record<string, unknown>[] };
  server.use(
    http.get(`${API}/vendor/:id/hc_jwt_token`, () => {
      calls.token += 1;
      return tokenStatus === 200
        ? HttpResponse.json({ result: `h.${calls.token}.s` })
        : apiError(tokenStatus, 'HelpCentreFailed');
    }),
    http.post('/help-centre/conditions-api/v1/init', async ({ request }) => {
      calls.init.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ url: `/help-centre/frame?locale=en#token=a.b${calls.init.length}.c` });
    }),
  );
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('HelpCentreButton', () => {
  it('asks for nothing until opened, then frames the url the init answers, and closes', async () => {
    const calls = helpCentreHost();
    await renderWithProviders(<HelpCentreButton context={context} onOpenPage={() => {}} />);
    const button = screen.getByRole('button', { name: en['help-center']['open-label'] });
    expect(button).toHaveAttribute('data-state', 'closed');
    expect(calls.token).toBe(0);

    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: en['help-center'].title });
    expect(panel).toHaveAttribute('data-state', 'loading');
    const frame = await screen.findByTitle(en['help-center'].title);
    expect(frame.getAttribute('src')).toContain('/help-centre/frame?locale=en#token=a.b1.c');
    expect(calls.init[0]).toMatchObject({
      user_id: 'user-1',
      verification_token: 'h.1.s',
      global_entity_id: 'ODR_PK',
      bridge: true,
      service_type: 'on_demand_rider',
      guest: false,
    });
    frame.dispatchEvent(new Event('load'));
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'open'));

    await userEvent.click(within(panel).getByRole('button', { name: en['help-center'].close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a new token every hour minus five minutes without reloading the frame (spec §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = helpCentreHost();
    await renderWithProviders(<HelpCentreButton context={context} onOpenPage={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: en['help-center']['open-label'] }));
    const frame = await screen.findByTitle(en['help-center'].title);
    expect(calls.token).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HELP_CENTRE_TOKEN_REFRESH_MS - 60_000);
    });
    expect(calls.token).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    await waitFor(() => expect(calls.token).toBe(2));
    expect(calls.init).toHaveLength(2);
    expect(frame.getAttribute('src')).toContain('#token=a.b1.c');
  });

  it("shows 'help-center.failed' when the token is refused", async () => {
    helpCentreHost(403);
    await renderWithProviders(<HelpCentreButton context={context} onOpenPage={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: en['help-center']['open-label'] }));
    const panel = await screen.findByRole('dialog', { name: en['help-center'].title });
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'failed'));
    expect(panel).toHaveTextContent(en['help-center'].failed);
  });

  it('opens the full page instead on small screens', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          onchange: null,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const calls = helpCentreHost();
    const onOpenPage = vi.fn();
    await renderWithProviders(<HelpCentreButton context={context} onOpenPage={onOpenPage} />);
    await userEvent.click(screen.getByRole('button', { name: en['help-center']['open-label'] }));
    expect(onOpenPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.token).toBe(0);
    matchMedia.mockRestore();
  });
});
