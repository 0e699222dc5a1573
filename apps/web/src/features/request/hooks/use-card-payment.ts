import { CARD_FIELDS_MESSAGE, type CardChoice, PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { paymentWalletQueryOptions } from '../api/authorise-payment.ts';
import { savedCardsQueryOptions } from '../api/saved-cards.ts';
import { MicroformInvalid, useMicroform } from './use-microform.ts';

const TOKENISE_TIMEOUT_MS = 15_000;

/** A card step problem, shown under the card step with its translation key. */
export class CardStepError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(key);
    this.key = key;
  }
}

export type CardSource =
  | { card: { token: string; holder_name: string; save_card: boolean }; payment_instrument_id: null }
  | { card: null; payment_instrument_id: string };

/**
 * The card step (spec §3 payment state): NEW / EXISTING / NOT_SET, the name on the card and the save flag;
 * the card itself stays in the provider's framed fields, which answer a token.
 */
export function useCardPayment(vendorId: string | null, isOn: boolean) {
  const enabled = Boolean(vendorId) && isOn;
  const wallet = useQuery({ ...paymentWalletQueryOptions(vendorId ?? ''), enabled });
  const savedCards = useQuery({ ...savedCardsQueryOptions(vendorId ?? ''), enabled });
  const [choice, setChoice] = useState<CardChoice>('NOT_SET');
  const [nameOnCard, setNameOnCard] = useState('');
  const [saveCard, setSaveCard] = useState(false);
  const [selectedCardId, setSelectedCardId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  // With CyberSource the fields are Microform's, in the page; with the sandbox, its framed page.
  const microform = useMicroform(wallet.data?.microform ?? null, enabled && choice === 'NEW');

  const cards = savedCards.data ?? [];
  // spec §3 NOT_SET until the merchant chooses; with no saved card the only choice is a new one.
  useEffect(() => {
    if (!enabled || !savedCards.isSuccess || choice !== 'NOT_SET') return;
    if (savedCards.data.length === 0) setChoice('NEW');
    // A single saved card is the merchant's card: it is chosen for them, and another stays one click away.
    const [only, ...others] = savedCards.data;
    if (only && others.length === 0) {
      setChoice('EXISTING');
      setSelectedCardId(only.id);
    }
  }, [enabled, savedCards.isSuccess, savedCards.data, choice]);
  useEffect(() => {
    if (selectedCardId && !cards.some((card) => card.id === selectedCardId)) setSelectedCardId(null);
  }, [cards, selectedCardId]);

  const tokenise = useCallback(
    (holderName: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const target = frameRef.current?.contentWindow;
        if (!target) {
          reject(new CardStepError(PAYMENT_ERROR_KEYS.init));
          return;
        }
        const timer = setTimeout(() => finish(new CardStepError(PAYMENT_ERROR_KEYS.init)), TOKENISE_TIMEOUT_MS);
        function finish(outcome: string | CardStepError) {
          clearTimeout(timer);
          window.removeEventListener('message', onMessage);
          if (typeof outcome === 'string') resolve(outcome);
          else reject(outcome);
        }
        function onMessage(event: MessageEvent) {
          if (event.origin !== window.location.origin || event.source !== target) return;
          const data = event.data as { type?: string; token?: string; errors?: string[] } | null;
          if (data?.type === CARD_FIELDS_MESSAGE.tokenised && data.token) {
            setFieldErrors([]);
            finish(data.token);
          } else if (data?.type === CARD_FIELDS_MESSAGE.invalid) {
            setFieldErrors(data.errors ?? []);
            finish(new CardStepError(PAYMENT_ERROR_KEYS.invalidCard));
          }
        }
        window.addEventListener('message', onMessage);
        target.postMessage({ type: CARD_FIELDS_MESSAGE.tokenise, holderName }, window.location.origin);
      }),
    [],
  );

  const microformTokenise = microform.tokenise;
  const microformToken = useCallback(async (): Promise<string> => {
    try {
      const token = await microformTokenise();
      setFieldErrors([]);
      return token;
    } catch (caught) {
      if (caught instanceof MicroformInvalid) {
        setFieldErrors(caught.fields);
        throw new CardStepError(PAYMENT_ERROR_KEYS.invalidCard);
      }
      throw new CardStepError(PAYMENT_ERROR_KEYS.init);
    }
  }, [microformTokenise]);

  /** spec §5 card validity: a new card with a name the provider accepts, or a saved card chosen. */
  const cardSource = useCallback(async (): Promise<CardSource> => {
    setError(null);
    try {
      if (choice === 'EXISTING') {
        if (!selectedCardId) throw new CardStepError('validation.choose-card');
        return { card: null, payment_instrument_id: selectedCardId };
      }
      if (choice !== 'NEW') throw new CardStepError('validation.choose-card');
      const holder = nameOnCard.trim();
      if (!holder) throw new CardStepError('validation.fill-name-on-card');
      const token = microform.isOn ? await microformToken() : await tokenise(holder);
      return { card: { token, holder_name: holder, save_card: saveCard }, payment_instrument_id: null };
    } catch (caught) {
      const key = caught instanceof CardStepError ? caught.key : PAYMENT_ERROR_KEYS.init;
      setError(key);
      throw new CardStepError(key);
    }
  }, [choice, selectedCardId, nameOnCard, saveCard, tokenise, microform.isOn, microformToken]);

  return {
    isOn: enabled,
    wallet: wallet.data ?? null,
    isWalletLoading: wallet.isPending && enabled,
    walletError: wallet.isError ? PAYMENT_ERROR_KEYS.init : microform.loadError,
    cards,
    choice,
    setChoice: (next: CardChoice) => {
      setError(null);
      setChoice(next);
    },
    nameOnCard,
    setNameOnCard: (next: string) => {
      if (error === 'validation.fill-name-on-card') setError(null);
      setNameOnCard(next);
    },
    saveCard,
    setSaveCard,
    selectedCardId,
    setSelectedCardId: (next: string) => {
      setError(null);
      setSelectedCardId(next);
    },
    error,
    fieldErrors,
    frameRef,
    microform,
    cardSource,
    /** A new wallet after a payment, so a second card order does not reuse a spent one. */
    renewWallet: () => wallet.refetch(),
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;
