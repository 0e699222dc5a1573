import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-error.ts';

/**
 * Turns a failed call into a sentence for the user. Order: offline (spec §8), an auth code
 * (`auth.{message}`), the first field error's translation key, a translation key in `message`,
 * then the caller's fallback.
 */
export function describeError(
  error: unknown,
  t: TFunction,
  fallbackKey: string,
  exists: (key: string) => boolean,
): string {
  if (!(error instanceof ApiRequestError)) return t(fallbackKey);
  if (error.isNetworkError) return t('error.offline');
  const authKey = `auth.${error.message}`;
  if (exists(authKey)) return t(authKey);
  const fieldKey = error.firstTranslationKey;
  if (fieldKey && exists(fieldKey)) return t(fieldKey);
  if (error.message && exists(error.message)) return t(error.message);
  return t(fallbackKey);
}
