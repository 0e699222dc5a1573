import type { OperatorRole } from '@riderdesk/domain/console/roles';
import { TOTP_SETTINGS } from '@riderdesk/domain/console/session';
import type { AuditEntry } from '@riderdesk/domain/contracts/console-audit';
import type { ConsoleChallenge, ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './app.ts';
import { PASSWORD, uniqueId } from './factories.ts';

/** The console's API calls (decision 169). */
export const CONSOLE_API = '/api/v1/console';

/** An operator made and signed in through the real steps, with what a test needs to act as them. */
export interface TestOperator {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
  /**
   * The operator's authenticator app: its secret (base32) as enrolment showed it, and the last 30-second step a
   * code of it was sent for (the next sign-in sends a later one). Shared by every copy of the operator.
   */
  app: { secret: string; lastStep: number };
  /** The recovery codes enrolment gave. */
  recoveryCodes: string[];
  /** `authorization: Bearer <token>` of one console session of the operator. */
  headers: Record<string, string>;
}

const PERIOD_MS = TOTP_SETTINGS.period * 1000;
const stepAt = (at: Date) => Math.floor(at.getTime() / PERIOD_MS);

/** The code of the operator's app for a step, as their phone would show it then. */
export function totpCode(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), ...TOTP_SETTINGS }).generate({ timestamp: step * PERIOD_MS });
}

/**
 * A code for the operator's next sign-in: the current step's, or the next one's (the server takes one step either
 * side) when the current one was used already; when both were, the clock moves on to the next step.
 */
export function nextCode(t: Pick<TestApp, 'clock'>, operator: Pick<TestOperator, 'app'>): string {
  const { app } = operator;
  let step = stepAt(t.clock.now());
  if (step <= app.lastStep) step = app.lastStep + 1;
  if (step > stepAt(t.clock.now()) + 1) t.clock.advance(PERIOD_MS);
  app.lastStep = step;
  return totpCode(app.secret, step);
}

export const consoleHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

async function post<T>(t: TestApp, url: string, payload: unknown, status = 200): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url: `${CONSOLE_API}${url}`, payload: payload as object });
  if (response.statusCode !== status) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

/** The token of a set-up link (it rides in the fragment). */
export const setUpTokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';

/**
 * An operator as the console's first one is made: `npm run ops -- create-operator` (the same workflow), then their
 * set-up link opened, a password chosen, the authenticator app enrolled with its first code and signed in.
 */
export async function createOperator(
  t: TestApp,
  options: { role?: OperatorRole; email?: string; name?: string; password?: string } = {},
): Promise<TestOperator> {
  const email = options.email ?? `${uniqueId('operator')}@riderdesk.test`;
  const name = options.name ?? 'Test Operator';
  const role = options.role ?? 'admin';
  const password = options.password ?? PASSWORD;
  const { operator, link } = await t.services.operators.createFromCommandLine({ email, name, role });
  return setUpOperator(t, { id: operator.id, email, name, role, password, link });
}

/** Opens a set-up link (the command line's or an invitation's), chooses the password, enrols and signs in. */
export async function setUpOperator(
  t: TestApp,
  operator: { id: string; email: string; name: string; role: OperatorRole; password: string; link: string },
): Promise<TestOperator> {
  const challenge = await post<ConsoleChallenge>(t, '/set-up', {
    token: setUpTokenOf(operator.link),
    password: operator.password,
  });
  if (challenge.step !== 'enrol') throw new Error('set-up did not answer the enrolment step');
  const step = stepAt(t.clock.now());
  const session = await post<ConsoleSession>(t, '/sign-in/code', {
    challenge: challenge.challenge,
    code: totpCode(challenge.secret, step),
  });
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name,
    role: operator.role,
    password: operator.password,
    app: { secret: challenge.secret, lastStep: step },
    recoveryCodes: session.recovery_codes ?? [],
    headers: consoleHeaders(session.token),
  };
}

/** Signs the operator in again (password, then their app's next code): a new session's headers. */
export async function signInOperator(t: TestApp, operator: TestOperator): Promise<TestOperator> {
  const challenge = await post<ConsoleChallenge>(t, '/sign-in', {
    email_address: operator.email,
    password: operator.password,
  });
  const session = await post<ConsoleSession>(t, '/sign-in/code', {
    challenge: challenge.challenge,
    code: nextCode(t, operator),
  });
  return { ...operator, role: session.operator.role, headers: consoleHeaders(session.token) };
}

/** An operator of each role, signed in: the refusals of every console route are tried with them. */
export async function operatorOfEachRole(t: TestApp): Promise<Record<OperatorRole, TestOperator>> {
  return {
    admin: await createOperator(t, { role: 'admin' }),
    operations: await createOperator(t, { role: 'operations' }),
    support: await createOperator(t, { role: 'support' }),
    finance: await createOperator(t, { role: 'finance' }),
  };
}

/** The audit log's entries for a target, newest first, as an admin searches them. */
export async function auditEntriesOf(
  t: TestApp,
  admin: Pick<TestOperator, 'headers'>,
  target: { type: string; id: string },
): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ target_type: target.type, target_id: target.id, limit: '200' });
  const response = await t.app.inject({
    method: 'GET',
    url: `${CONSOLE_API}/audit-log?${query}`,
    headers: admin.headers,
  });
  if (response.statusCode !== 200) throw new Error(`audit log: ${response.statusCode} ${response.body}`);
  return response.json().entries as AuditEntry[];
}
