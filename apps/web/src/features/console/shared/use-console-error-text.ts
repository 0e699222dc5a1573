import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';

/** A failed console call as a sentence in the page's language: the server's key, else `fallbackKey`. */
export function useConsoleErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallbackKey = 'console.error.failed') =>
      describeError(error, t, fallbackKey, (key) => i18n.exists(key)),
    [t, i18n],
  );
}
