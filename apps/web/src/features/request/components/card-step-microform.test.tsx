import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api.ts';
import { API, answer } from '../../../../test/handlers.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { type CardSource, useCardPayment } from '../hooks/use-card-payment.ts';
import { CardStep } from './card-step.tsx';

const LIBRARY = 'https://testflex.cybersource.com/microform/bundle/v2/flex-microform.min.js';
const INTEGRITY = 'sha384-abc';
const CAPTURE_CONTEXT = 'eyJraWQiOiJqNCJ9.eyJjdHgiOltdfQ.c2ln';

/**
 * A stand-in of CyberSource's Microform client library, as a test double: it records what the card step
 * asks of it and mounts one input per field in the box it is given (the real fields are iframes).
 */
function installFlex(answerToken: (expiry: { expirationMonth: string; expirationYear: string }) => unknown) {
  const seen = { captureContexts: [] as string[], fields: [] as { type: string; title: unknown }[] };
  class Flex {
    constructor(captureContext: string) {
      seen.captureContexts.push(captureContext);
    }
    microform() {
      return {
        createField(type: string, options: { title?: string } = {}) {
          seen.fields.push({ type, title: options.title });
          return {
            load(container: HTMLElement) {
              const input = document.createElement('input');
              input.setAttribute('aria-label', `${options.title} (Microform)`);
              container.append(input);
            },
          };
        },
        createToken(
          options: { expirationMonth: string; expirationYear: string },
          callback: (error: unknown, token?: string) => void,
        ) {
          const outcome = answerToken(options);
          if (typeof outcome === 'string') callback(null, outcome);
          else callback(outcome);
        },
      };
    }
  }
  return { Flex, seen };
}

function Harness() {
  const card = useCardPayment('pk-khi-0042', true);
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

const microformApi = () =>
  mockApi(
    http.post(`${API}/order/payment/auth/pk-khi-0042`, () =>
      answer({
        wallet_id: 'wal_1',
        access_token: 'secret',
        expires_in: 900,
        card_fields_url: null,
        microform: { capture_context: CAPTURE_CONTEXT, client_library: LIBRARY, client_library_integrity: INTEGRITY },
      }),
    ),
    http.get(`${API}/order/payment/cards/pk-khi-0042`, () => HttpResponse.json({ result: [] })),
  );

describe('the card step with CyberSource Microform', () => {
  afterEach(() => {
    delete window.Flex;
    for (const script of document.head.querySelectorAll('script[src]')) script.remove();
  });

  it('loads the client library the capture context names, mounts the number and CVC, and sends the token', async () => {
    microformApi();
    const expiries: unknown[] = [];
    const { Flex, seen } = installFlex((expiry) => {
      expiries.push(expiry);
      return 'transient.token.jwt';
    });
    await renderWithProviders(<Harness />);

    // The library is loaded from the capture context's URL, with its integrity hash.
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(`script[src="${LIBRARY}"]`);
      if (!found) throw new Error('no Microform script yet');
      return found;
    });
    expect(script.integrity).toBe(INTEGRITY);
    expect(script.crossOrigin).toBe('anonymous');
    window.Flex = Flex as never;
    script.dispatchEvent(new Event('load'));

    const number = await screen.findByRole('textbox', { name: 'Card number (Microform)' });
    expect(screen.getByRole('textbox', { name: 'Security code (Microform)' })).toBeInTheDocument();
    expect(seen.captureContexts).toEqual([CAPTURE_CONTEXT]);
    expect(seen.fields.map((field) => field.type)).toEqual(['number', 'securityCode']);
    // No framed sandbox page with this provider.
    expect(document.querySelector('iframe')).toBeNull();
    expect(number.closest('fieldset')).toHaveAccessibleName('Card number');

    await userEvent.type(screen.getByRole('textbox', { name: 'Name on card' }), 'Ayesha Khan');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry month' }), '7');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry year' }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

    const source = await screen.findByRole('status', { name: 'source' });
    expect(JSON.parse(source.textContent ?? '')).toEqual({
      card: { token: 'transient.token.jwt', holder_name: 'Ayesha Khan', save_card: false },
      payment_instrument_id: null,
    });
    expect(expiries).toEqual([{ expirationMonth: '07', expirationYear: '2030' }]);
  });

  it("shows the provider's refusal of the card fields as an invalid card", async () => {
    microformApi();
    const { Flex } = installFlex(() => ({
      reason: 'CREATE_TOKEN_VALIDATION_FIELDS',
      details: [{ location: 'number' }],
    }));
    window.Flex = Flex as never;
    await renderWithProviders(<Harness />);
    await screen.findByRole('textbox', { name: 'Card number (Microform)' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name on card' }), 'Ayesha Khan');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check the card details.');
    expect(screen.queryByRole('status', { name: 'source' })).toBeNull();
  });
});
