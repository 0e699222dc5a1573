import { type ApiError, ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import { schemaIssueKey } from '@riderdesk/domain/validation/schema-issue-keys';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, keyedError } from '../errors.ts';
import { SHED_RETRY_AFTER_S } from './under-pressure.ts';

const isTranslationKey = (message: string | undefined): message is string =>
  message !== undefined && /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/.test(message);

function send(reply: { code(status: number): { send(body: ApiError): unknown } }, body: ApiError) {
  return reply.code(body.status).send(body);
}

/** A route schema's error answers: each status answers the envelope this handler writes. */
export function errorAnswers<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    S[number],
    typeof ApiErrorSchema
  >;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.toJSON());

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      return send(reply, {
        status: 400,
        code: 'ValidationError',
        message: 'The request is not valid.',
        errors: error.validation.map((issue) => {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
          return {
            field,
            message: issue.message ?? 'Invalid value',
            // A contract's message that is itself a translation key (e.g. 'validation.vat-number') is the key.
            meta: { translation_key: isTranslationKey(issue.message) ? issue.message : schemaIssueKey(issue.keyword) },
          };
        }),
      });
    }

    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
      const issues = (error as unknown as ResponseSerializationError).cause.issues;
      request.log.error({ err: error, issues }, 'response does not match its schema');
      return send(reply, {
        status: 500,
        code: 'InternalErrorException',
        message: 'InternalErrorException',
        errors: [],
      });
    }

    // The database is restarting or unreachable: not this request's fault, and worth trying again shortly.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(SHED_RETRY_AFTER_S));
      return send(reply, keyedError(503, 'ServiceUnavailable', 'error.server-busy').toJSON());
    }

    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, { status, code: 'InternalErrorException', message: 'InternalErrorException', errors: [] });
    }
    // Fastify's own client errors (malformed JSON, unsupported media type, body too large).
    return send(reply, { status, code: error.code ?? 'BadRequest', message: error.message, errors: [] });
  });
}
