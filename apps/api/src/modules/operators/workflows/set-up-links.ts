import { OPERATOR_SET_UP_TTL_MS } from '@riderdesk/domain/console/session';
import { absolute, consolePaths } from '@riderdesk/domain/paths';
import type { Db } from '../../../db/db.ts';
import { randomToken, sha256 } from '../../auth/tokens.ts';
import type { OperatorsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * A set-up link for the operator (their first, or an invitation sent again), replacing earlier ones: 256 random
 * bits in the link's fragment, so no server's access log holds it; only its sha256 is kept. Written in the
 * caller's transaction.
 */
export async function issueSetUpLink(deps: OperatorsDeps, tx: Db, operatorId: string): Promise<string> {
  const token = randomToken();
  const at = deps.now();
  await repo.insertSetUpToken(tx, {
    tokenHash: sha256(token),
    operatorId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + OPERATOR_SET_UP_TTL_MS),
  });
  return absolute(deps.publicUrl, consolePaths.consoleSetUp(token));
}

/** The invitation e-mail: who invited them, to what, and the link (valid OPERATOR_SET_UP_TTL_MS). */
export async function mailInvitation(
  deps: OperatorsDeps,
  invitee: { email: string; name: string },
  inviter: { name: string },
  link: string,
): Promise<void> {
  const hours = OPERATOR_SET_UP_TTL_MS / 3_600_000;
  const console = `the ${deps.serviceName} operator console`;
  await deps.mailer.send({
    to: invitee.email,
    subject: `You are invited to ${console}`,
    text: `Hello ${invitee.name},\n\n${inviter.name} invited you to ${console}.\n\nOpen this link within ${hours} hours to choose your password and set up your authenticator app:\n${link}\n\nIf you did not expect this invitation, ignore this message.`,
  });
}
