import type { SavedCard } from '@riderdesk/domain/contracts/payments';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, answer } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { type CardSource, useCardPayment } from '../hooks/use-card-payment.ts';
import { CardStep } from './card-step.tsx';

const VENDOR = 'pk-khi-0042';

function Harness() {
  const card = useCardPayment(VENDOR, true);
  const [source, setSource] = useState<CardSource | null>(null);
  return (
    <>
      <CardStep card={card} charge={null} onRemoveCard={() => {}} isRemoving={false} />
      <button type="button" onClick={() => card.cardSource().then(setSource, () => {})}>
        Pay
      </button>
      {source && <output aria-label="source">{JSON.stringify(source)}</output>}
    </>
  );
}

const savedCard = (id: string, last4: string): SavedCard => ({
  id,
  scheme: 'visa',
  bin: '424242',
  last4,
  exp_month: 12,
  exp_year: 2030,
  holder_name: 'Ayesha Khan',
});

function stubCards(cards: SavedCard[]) {
  mockApi(
    http.post(`${API}/order/payment/auth/${VENDOR}`, () =>
      answer({ wallet_id: 'wal_1', access_token: 'secret', expires_in: 900, card_fields_url: '/card-fields?w=1' }),
    ),
    http.get(`${API}/order/payment/cards/${VENDOR}`, () => HttpResponse.json({ result: cards })),
  );
}

describe('the card step’s saved cards (spec §3 payment state)', () => {
  it('chooses the only saved card for the merchant, ready to pay with', async () => {
    stubCards([savedCard('pi_1', '4242')]);
    await renderWithProviders(<Harness />);
    const only = await screen.findByRole('radio', { name: /•••• 4242/ });
    await waitFor(() => expect(only).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('status', { name: 'source' })).toHaveTextContent('"payment_instrument_id":"pi_1"');
  });

  it('leaves the choice to the merchant when there are several saved cards', async () => {
    stubCards([savedCard('pi_1', '4242'), savedCard('pi_2', '1111')]);
    await renderWithProviders(<Harness />);
    expect(await screen.findByRole('radio', { name: 'Saved card' })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /•••• 4242/ })).not.toBeInTheDocument();
  });
});
