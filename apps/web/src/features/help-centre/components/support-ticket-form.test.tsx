import en from '@riderdesk/domain/locales/en.json';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { SupportTicketForm } from './support-ticket-form.tsx';

const contact = en['help-center'].contact;

function supportHost() {
  const tickets: { order_id: string; message: string }[] = [];
  server.use(
    http.get('/help-centre/api/orders', () =>
      HttpResponse.json({
        result: {
          orders: [
            {
              order_id: 'pk-test-1',
              created_at: '2026-03-10T09:00:00.000Z',
              status: 'DELIVERED',
              customer_name: 'Ayesha',
            },
            {
              order_id: 'pk-test-2',
              created_at: '2026-03-10T10:00:00.000Z',
              status: 'RECEIVED',
              customer_name: 'Bilal',
            },
          ],
        },
      }),
    ),
    http.post('/help-centre/api/tickets', async ({ request }) => {
      tickets.push((await request.json()) as { order_id: string; message: string });
      return HttpResponse.json({ result: { ticket_number: `HC-${100 + tickets.length}` } });
    }),
  );
  return tickets;
}

async function sendTicket(orderLabel: RegExp, message: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: contact.order }));
  await userEvent.click(await screen.findByRole('option', { name: orderLabel }));
  await userEvent.type(screen.getByRole('textbox', { name: contact.message }), message);
  await userEvent.click(screen.getByRole('button', { name: contact.submit }));
}

describe('SupportTicketForm', () => {
  it('confirms a sent request with its ticket reference, then lets the merchant write another', async () => {
    const tickets = supportHost();
    await renderWithProviders(<SupportTicketForm host="/help-centre" token="a.b.c" />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: contact.order })).toBeEnabled());
    await sendTicket(/pk-test-1/, 'The rider has not arrived.');

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent(contact['sent-title']);
    expect(confirmation).toHaveTextContent(contact.reference);
    expect(confirmation).toHaveTextContent('HC-101');
    expect(confirmation).toHaveFocus();
    expect(screen.queryByRole('button', { name: contact.submit })).toBeNull();
    expect(tickets).toEqual([{ order_id: 'pk-test-1', message: 'The rider has not arrived.' }]);

    await userEvent.click(screen.getByRole('button', { name: contact['send-another'] }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('textbox', { name: contact.message })).toHaveValue('');
    await sendTicket(/pk-test-2/, 'Wrong address.');
    expect(await screen.findByRole('status')).toHaveTextContent('HC-102');
    expect(tickets[1]).toEqual({ order_id: 'pk-test-2', message: 'Wrong address.' });
  });
});
