import { isSchemaIssueKey } from '@riderdesk/domain/validation/schema-issue-keys';
import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-error.ts';

/**
 * Turns a failed call into a sentence for the user. Order: offline (spec §8), an auth code
 * (`auth.{message}`), the first field error's translation key, a translation key in `message`, then for a
 * refusal of what was typed (a 4xx naming a field) the user's mistake at that field, never our failure;
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
  const field = error.errors[0]?.field;
  // A schema issue's sentence fits any field; the field's own text says what to type.
  if (fieldKey && isSchemaIssueKey(fieldKey) && field && exists(`validation.field.${field}`)) {
    return t(`validation.field.${field}`);
  }
  if (fieldKey && exists(fieldKey)) return t(fieldKey);
  if (error.message && exists(error.message)) return t(error.message);
  if (field && error.status !== null && error.status >= 400 && error.status < 500) {
    const fieldKey = `validation.field.${field}`;
    return t(exists(fieldKey) ? fieldKey : 'validation.check-fields');
  }
  return t(fallbackKey);
}
