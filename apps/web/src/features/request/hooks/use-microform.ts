import { PAYMENT_ERROR_KEYS, type PaymentAuthAnswer } from '@riderdesk/domain/contracts/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// CyberSource Microform v2 (decision 096): the card number and CVC are CyberSource's own fields, loaded from
// the client library the capture context names (checked by our server to be CyberSource's); they answer a
// transient token. The expiry and the name are ours: they are not card data a page must not hold.

type MicroformSettings = NonNullable<PaymentAuthAnswer['result']['microform']>;

interface MicroformField {
  load(container: HTMLElement | string): void;
  unload?(): void;
}
interface MicroformError {
  reason?: string;
  details?: { location?: string }[];
}
interface Microform {
  createField(type: 'number' | 'securityCode', options?: Record<string, unknown>): MicroformField;
  createToken(
    options: { expirationMonth: string; expirationYear: string },
    callback: (error: MicroformError | null, token?: string) => void,
  ): void;
}
type FlexConstructor = new (captureContext: string) => { microform(options?: Record<string, unknown>): Microform };

declare global {
  interface Window {
    Flex?: FlexConstructor;
  }
}

const loads = new Map<string, Promise<FlexConstructor>>();

/** Loads the client library once per URL, with its integrity hash when the capture context gives one. */
function loadLibrary(src: string, integrity: string | null): Promise<FlexConstructor> {
  if (window.Flex) return Promise.resolve(window.Flex);
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<FlexConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    if (integrity) {
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
    }
    script.onload = () => (window.Flex ? resolve(window.Flex) : reject(new Error('Microform did not load')));
    script.onerror = () => reject(new Error('Microform did not load'));
    document.head.append(script);
  });
  loads.set(src, loading);
  loading.catch(() => loads.delete(src));
  return loading;
}

/** The token-step error that names the fields to correct. */
export class MicroformInvalid extends Error {
  readonly fields: string[];
  constructor(fields: string[]) {
    super('invalid card fields');
    this.fields = fields;
  }
}

export function useMicroform(settings: MicroformSettings | null, isShown: boolean) {
  const { t } = useTranslation();
  const numberLabel = t('request.card.number');
  const cvcLabel = t('request.card.cvc');
  const numberRef = useRef<HTMLDivElement | null>(null);
  const cvcRef = useRef<HTMLDivElement | null>(null);
  const microformRef = useRef<Microform | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [expiryMonth, setExpiryMonth] = useState('');
  const [expiryYear, setExpiryYear] = useState('');
  const captureContext = settings?.capture_context ?? null;
  const library = settings?.client_library ?? null;
  const integrity = settings?.client_library_integrity ?? null;

  useEffect(() => {
    if (!captureContext || !library || !isShown) return;
    let isCurrent = true;
    const fields: MicroformField[] = [];
    setIsReady(false);
    setLoadError(null);
    loadLibrary(library, integrity)
      .then((Flex) => {
        if (!isCurrent || !numberRef.current || !cvcRef.current) return;
        const microform = new Flex(captureContext).microform({
          styles: { input: { 'font-size': '14px', color: '#212529' } },
        });
        const number = microform.createField('number', { title: numberLabel, placeholder: '•••• •••• •••• ••••' });
        const cvc = microform.createField('securityCode', { title: cvcLabel, placeholder: '•••' });
        number.load(numberRef.current);
        cvc.load(cvcRef.current);
        fields.push(number, cvc);
        microformRef.current = microform;
        setIsReady(true);
      })
      .catch(() => {
        if (isCurrent) setLoadError(PAYMENT_ERROR_KEYS.init);
      });
    return () => {
      isCurrent = false;
      microformRef.current = null;
      for (const field of fields) field.unload?.();
    };
  }, [captureContext, library, integrity, isShown, numberLabel, cvcLabel]);

  /** The transient token of the card in Microform's fields, with the expiry the merchant typed. */
  const tokenise = useCallback(
    (): Promise<string> =>
      new Promise((resolve, reject) => {
        const microform = microformRef.current;
        if (!microform) {
          reject(new Error(PAYMENT_ERROR_KEYS.init));
          return;
        }
        const month = expiryMonth.trim();
        const shortYear = expiryYear.trim();
        const year = shortYear.length === 2 ? `20${shortYear}` : shortYear;
        microform.createToken({ expirationMonth: month.padStart(2, '0'), expirationYear: year }, (error, token) => {
          if (error || !token) {
            const fields = (error?.details ?? []).map((detail) => detail.location ?? 'number');
            reject(new MicroformInvalid(fields.length > 0 ? fields : ['number']));
            return;
          }
          resolve(token);
        });
      }),
    [expiryMonth, expiryYear],
  );

  return {
    isOn: settings !== null,
    isReady,
    loadError,
    numberRef,
    cvcRef,
    expiryMonth,
    setExpiryMonth,
    expiryYear,
    setExpiryYear,
    tokenise,
  };
}

export type MicroformFields = ReturnType<typeof useMicroform>;
