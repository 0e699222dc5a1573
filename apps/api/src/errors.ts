import type { ApiError } from '@riderdesk/domain/contracts/common';

export type ApiErrorEntry = ApiError['errors'][number];

/** An expected failure; the error handler answers it as an `ApiErrorSchema` envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly errors: ApiErrorEntry[];

  constructor(statusCode: number, code: string, message: string, errors: ApiErrorEntry[] = []) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }

  toJSON(): ApiError {
    return { status: this.statusCode, code: this.code, message: this.message, errors: this.errors };
  }
}

/** A failure a browser shows through one translation key (spec §7: first error's meta.translation_key). */
export function keyedError(statusCode: number, code: string, translationKey: string, field?: string): AppError {
  const entry: ApiErrorEntry = { message: translationKey, meta: { translation_key: translationKey } };
  if (field) entry.field = field;
  return new AppError(statusCode, code, translationKey, [entry]);
}

/** spec §8 auth codes travel as both code and message, so the browser shows `auth.{message}`. */
export function authError(statusCode: number, code: string): AppError {
  return new AppError(statusCode, code, code);
}

export const notFound = (what = 'Not found') => new AppError(404, 'NotFound', what);
