import type { z } from 'zod';

/**
 * Every zod issue code. A schema failure without a key of its own is answered as `validation.<code>`
 * (the API's error handler), a sentence for any field; a text of the field itself says more.
 */
export const SCHEMA_ISSUE_CODES = {
  invalid_type: true,
  too_big: true,
  too_small: true,
  invalid_format: true,
  not_multiple_of: true,
  unrecognized_keys: true,
  invalid_union: true,
  invalid_key: true,
  invalid_element: true,
  invalid_value: true,
  custom: true,
} as const satisfies Record<z.core.$ZodIssue['code'], true>;

export const schemaIssueKey = (code: string): string => `validation.${code}`;

/** The keys the API answers for a schema issue, one per zod issue code. */
export const SCHEMA_ISSUE_KEYS: readonly string[] = Object.keys(SCHEMA_ISSUE_CODES).map(schemaIssueKey);

export const isSchemaIssueKey = (key: string): boolean => SCHEMA_ISSUE_KEYS.includes(key);
