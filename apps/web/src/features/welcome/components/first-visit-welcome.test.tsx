import en from '@riderdesk/domain/locales/en.json';
import ur from '@riderdesk/domain/locales/ur_alt.json';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, answer } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { FirstVisitWelcome } from './first-visit-welcome.tsx';

const welcomeTitle = en.tour.welcome.replace('{{service}}', 'Riderdesk');

/** The server's answer to GET /me/welcome, and how many times PUT /me/welcome marked it seen. */
function serverRemembers(seen: boolean) {
  const marks = { count: 0 };
  let isSeen = seen;
  server.use(
    http.get(`${API}/me/welcome`, () => answer({ seen: isSeen })),
    http.put(`${API}/me/welcome`, () => {
      marks.count++;
      isSeen = true;
      return answer({ seen: true });
    }),
  );
  return marks;
}

describe('the welcome walkthrough shown once to a new user', () => {
  it('steps through three screens with the keyboard, and is remembered as seen once started', async () => {
    const marks = serverRemembers(false);
    await renderWithProviders(<FirstVisitWelcome email="new@example.pk" />);
    const dialog = await screen.findByRole('dialog', { name: welcomeTitle });
    expect(dialog).toHaveTextContent(en.tour.request.title);
    expect(dialog).toHaveTextContent('Step 1 of 3');
    // Focus starts on Next, so Enter moves on.
    const next = screen.getByRole('button', { name: en.tour.next });
    await waitFor(() => expect(next).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(dialog).toHaveTextContent(en.tour.track.title);
    await userEvent.keyboard('{Enter}');
    expect(dialog).toHaveTextContent(en.tour.pay.title);
    expect(dialog).toHaveTextContent('Step 3 of 3');
    // The same button, now Start, keeps the focus.
    const start = screen.getByRole('button', { name: en.tour.start });
    expect(start).toHaveFocus();
    expect(marks.count).toBe(0);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marks.count).toBe(1);
  });

  it('can be skipped, by its button or by Escape, and skipping counts as seen', async () => {
    const marks = serverRemembers(false);
    const view = await renderWithProviders(<FirstVisitWelcome email="skip@example.pk" />);
    await screen.findByRole('dialog', { name: welcomeTitle });
    await userEvent.click(screen.getByRole('button', { name: en.tour.skip }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marks.count).toBe(1);
    view.unmount();

    const escaped = serverRemembers(false);
    await renderWithProviders(<FirstVisitWelcome email="escape@example.pk" />);
    await screen.findByRole('dialog', { name: welcomeTitle });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(escaped.count).toBe(1);
  });

  it('is not shown to a user the server says has seen it', async () => {
    serverRemembers(true);
    const view = await renderWithProviders(<FirstVisitWelcome email="known@example.pk" />);
    await waitFor(() => expect(view.queryClient.getQueryData(['welcome', 'known@example.pk'])).toEqual({ seen: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Urdu', async () => {
    serverRemembers(false);
    await renderWithProviders(<FirstVisitWelcome email="urdu@example.pk" />, { language: 'ur_alt' });
    const dialog = await screen.findByRole('dialog', { name: ur.tour.welcome.replace('{{service}}', 'Riderdesk') });
    expect(dialog).toHaveTextContent(ur.tour.request.title);
    expect(screen.getByRole('button', { name: ur.tour.next })).toBeInTheDocument();
  });
});
