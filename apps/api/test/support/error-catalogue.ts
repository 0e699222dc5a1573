import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import { SCHEMA_ISSUE_KEYS } from '@riderdesk/domain/validation/schema-issue-keys';
import { WEBHOOK_EVENT_TYPES } from '@riderdesk/domain/webhook-events';

const root = join(import.meta.dirname, '..', '..', '..', '..');

/**
 * Key-shaped strings of the server's sources that are not answered to anyone and that `isNotAMessage` does not
 * tell by their shape: request fields, job names, host names, the webhook event names. Everything else of that
 * shape is a key the server can answer.
 */
const NOT_ANSWERED = new Set<string>([
  ...WEBHOOK_EVENT_TYPES,
  // The console's audit actions are shown by their texts (console.audit.action.*), checked on their own.
  ...AUDIT_ACTIONS,
  'card.token',
  'customer.location',
  'customer.location.address',
  'customer.location.latitude',
  'customer.location.longitude',
  'customer.location.notes',
  'customer.name',
  'flex.cybersource.com',
  'testflex.cybersource.com',
  'guests.sweep',
  'ledger.invariant-check',
  'ledger.settlement-run',
  'webhooks.sweep',
  'merchant-api.audit-retention',
  'webhooks.deliver',
  'webhooks.disabled-notice',
  'webhooks.locations',
  'messaging.send',
  'hub.mode',
  'hub.challenge',
  'v21.0',
  'owners.1',
  'auth.password-reset-mail',
  'www.example.com',
  'order.amount',
  'order.description',
  'order.signature',
  'payment.authorised',
  'payment.failed',
  'payments.payments.accept',
  'payments.payments.reject',
  'payments.refund',
  'payments.sandbox-webhook',
  'proof.data',
  'recipient.location',
  'recipient.name',
  'req.headers.authorization',
  'req.headers.cookie',
  'request.ip',
  'sender.location',
]);

/**
 * Shapes that are never a message: the brand's host names and the card frame's window messages (riderdesk.*),
 * the Fastify instance's members (app.*), file names, and a body's field paths (a snake_case last segment,
 * e.g. order.vendor_id; of the keys only `validation.*` name zod's snake_case codes).
 */
function isNotAMessage(key: string): boolean {
  if (key.startsWith('riderdesk.') || key.startsWith('app.')) return true;
  if (/\.(ts|js|mjs|json|sql|xlsx|csv|html|svg|png|md|sock|lock)$/.test(key)) return true;
  return !key.startsWith('validation.') && /^[a-z]+(_[a-z]+)+$/.test(key.split('.').at(-1) ?? '');
}

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
      if (NOT_ANSWERED.has(key) || isNotAMessage(key)) continue;
      if (!catalogue.has(key)) catalogue.set(key, relative(root, file));
    }
  }
  for (const key of SCHEMA_ISSUE_KEYS) catalogue.set(key, 'apps/api/src/plugins/errors.ts');
  return catalogue;
}
