import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SCHEMA_ISSUE_KEYS } from '@riderdesk/domain/validation/schema-issue-keys';

const root = join(import.meta.dirname, '..', '..', '..', '..');

/**
 * Key-shaped strings of the server's sources that are not answered to anyone: request fields, job names,
 * host names, SQL columns, window messages. Everything else of that shape is a key the server can answer.
 */
const NOT_ANSWERED = new Set([
  'app.inject',
  'app.jobs',
  'card.token',
  'customer.location',
  'customer.location.address',
  'customer.location.latitude',
  'customer.location.longitude',
  'customer.location.notes',
  'customer.name',
  'customer.phone_number',
  'flex.cybersource.com',
  'testflex.cybersource.com',
  'guests.sweep',
  'h.created_at',
  'o.created_at',
  'o.preordered_for',
  'order.amount',
  'order.description',
  'order.payment_method',
  'order.signature',
  'page.created_at',
  'payment.authorised',
  'payment.failed',
  'payments.payments.accept',
  'payments.payments.reject',
  'payments.refund',
  'payments.sandbox-webhook',
  'proof.data',
  'req.headers.authorization',
  'req.headers.cookie',
  'request.ip',
  'sender.location',
  'steps.accepted_at',
  'steps.cancelled_at',
  'steps.delivered_at',
  'steps.picked_up_at',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The server's error catalogue: every translation key it can answer, with the first source naming it. Keys
 * are collected from the API and the domain it runs (contract messages, rule results, keyed errors), file
 * names and domains excluded, and the zod codes the error handler turns into keys are added.
 */
export function serverErrorCatalogue(): Map<string, string> {
  const catalogue = new Map<string, string>();
  for (const file of [...sources(join(root, 'apps/api/src')), ...sources(join(root, 'packages/domain/src'))]) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['`]([a-z][a-z0-9-]*(?:\.[a-z0-9_-]+)+)['`]/g)) {
      const key = match[1]!;
      // riderdesk.* are the brand's host names and the card frame's window messages.
      if (
        NOT_ANSWERED.has(key) ||
        key.startsWith('riderdesk.') ||
        /\.(ts|js|json|sql|xlsx|csv|html|svg|png|md)$/.test(key)
      ) {
        continue;
      }
      if (!catalogue.has(key)) catalogue.set(key, relative(root, file));
    }
  }
  for (const key of SCHEMA_ISSUE_KEYS) catalogue.set(key, 'apps/api/src/plugins/errors.ts');
  return catalogue;
}
