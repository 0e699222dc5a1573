import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type KeyValues = Readonly<Record<string, string>>;
export type TranslateKey = (key: string, values?: KeyValues) => string;

/**
 * Messages of the request flow come as keys from the flow, the server and the domain's spec §5 rules
 * (some are English texts that the catalogues translate); anything unknown is shown as it came.
 */
export function useTranslateKey(): TranslateKey {
  const { t, i18n } = useTranslation();
  return useCallback((key, values) => (i18n.exists(key) ? t(key, { ...values }) : key), [t, i18n]);
}
