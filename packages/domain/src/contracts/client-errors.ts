import { z } from 'zod';
import { textSchema } from './common.ts';

/**
 * spec §9 "monitoring events are also sent by the browser": what went wrong in a page. Uncaught errors,
 * rejected promises nobody handled, code chunks that failed every retry, and the app-load banner shown.
 */
export const CLIENT_ERROR_KINDS = ['error', 'unhandled-rejection', 'chunk-load', 'app-load'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const CLIENT_ERROR_MESSAGE_MAX = 1000;
export const CLIENT_ERROR_STACK_MAX = 4000;

/** POST /api/v1/monitoring/client-errors: one report; texts are cut to size by the browser before sending. */
export const ClientErrorReportSchema = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS),
    message: textSchema(CLIENT_ERROR_MESSAGE_MAX, { multiline: true }),
    stack: textSchema(CLIENT_ERROR_STACK_MAX, { multiline: true }).optional(),
    /** The page's path (no query or fragment: they may hold tokens). */
    path: textSchema(512).regex(/^\/[^?#]*$/),
    /** The web build that ran, when known. */
    build: textSchema(64).optional(),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
