import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';

/** A failed call as a sentence in the page's language: the server's message key, else `fallbackKey`. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallbackKey: string) => describeError(error, t, fallbackKey, (key) => i18n.exists(key)),
    [t, i18n],
  );
}
