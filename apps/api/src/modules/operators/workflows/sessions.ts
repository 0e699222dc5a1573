import { randomUUID } from 'node:crypto';
import {
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_SEEN_EVERY_MS,
  CONSOLE_SESSION_TTL_MS,
} from '@riderdesk/domain/console/session';
import type { ConsoleMe, ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import type { Db } from '../../../db/db.ts';
import { randomToken, sha256 } from '../../auth/tokens.ts';
import type { OperatorsDeps } from '../deps.ts';
import type { ConsoleOperator } from '../model.ts';
import * as repo from '../repo.ts';
import { selfView } from '../views.ts';

/**
 * A console session for an operator who has just given their password and second factor, in the sign-in's
 * transaction: a bearer token of 256 random bits (only its sha256 is kept), honoured until
 * CONSOLE_SESSION_TTL_MS from now or CONSOLE_SESSION_IDLE_MS without a call, whichever comes first.
 */
export async function startSession(
  deps: OperatorsDeps,
  tx: Db,
  operator: repo.OperatorRow,
  recoveryCodes: { given: string[] | null; left: number },
): Promise<ConsoleSession> {
  const token = randomToken();
  const at = deps.now();
  const expiresAt = new Date(at.getTime() + CONSOLE_SESSION_TTL_MS);
  await repo.insertSession(tx, {
    id: randomUUID(),
    operatorId: operator.id,
    tokenHash: sha256(token),
    role: operator.role,
    at,
    expiresAt,
  });
  await repo.markSignedIn(tx, operator.id, at);
  return {
    token,
    expires_at: expiresAt.toISOString(),
    idle_timeout_s: CONSOLE_SESSION_IDLE_MS / 1000,
    operator: selfView(operator),
    recovery_codes: recoveryCodes.given,
    recovery_codes_left: recoveryCodes.left,
  };
}

/**
 * The operator of a console call's `Authorization: Bearer <token>`, or null. Read from the database on every call,
 * so a session signed out, of a deactivated operator or of a changed role is refused at once on every instance;
 * its last call is written down at most once a minute (the idle limit).
 */
export async function operatorOfHeader(
  deps: OperatorsDeps,
  header: string | undefined,
): Promise<(ConsoleOperator & { expiresAt: Date }) | null> {
  const [scheme, token] = header?.trim().split(/\s+/, 2) ?? [];
  if (scheme !== 'Bearer' || !token || token.length > 128) return null;
  const at = deps.now();
  const session = await repo.findLiveSession(
    deps.db,
    sha256(token),
    at,
    new Date(at.getTime() - CONSOLE_SESSION_IDLE_MS),
  );
  if (!session) return null;
  if (at.getTime() - session.last_seen_at.getTime() >= CONSOLE_SESSION_SEEN_EVERY_MS) {
    await repo.markSessionSeen(deps.db, session.session_id, at);
  }
  return {
    id: session.operator_id,
    email: session.email,
    name: session.name,
    role: session.role,
    sessionId: session.session_id,
    expiresAt: session.expires_at,
  };
}

/** Which of these console sessions are honoured now (the live board's sockets; modules/live/sessions.ts). */
export function honouredSessionIds(deps: OperatorsDeps, sessionIds: readonly string[]): Promise<Set<string>> {
  const at = deps.now();
  return repo.findHonouredSessionIds(deps.db, sessionIds, at, new Date(at.getTime() - CONSOLE_SESSION_IDLE_MS));
}

export async function signOut(deps: OperatorsDeps, operator: ConsoleOperator): Promise<void> {
  await repo.endSession(deps.db, operator.sessionId, 'sign-out', deps.now());
}

export const meOf = (operator: ConsoleOperator & { expiresAt: Date }): ConsoleMe => ({
  operator: selfView(operator),
  expires_at: operator.expiresAt.toISOString(),
});
