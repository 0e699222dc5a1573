import { randomUUID } from 'node:crypto';
import { OPERATOR_AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import type { OperatorRole } from '@riderdesk/domain/console/roles';
import { OPERATOR_SET_UP_TTL_MS } from '@riderdesk/domain/console/session';
import type { Operator, OperatorInviteBody, OperatorList } from '@riderdesk/domain/contracts/console-operators';
import type { Db } from '../../../db/db.ts';
import { recordAudit } from '../audit.ts';
import {
  lastAdmin,
  notYourself,
  type OperatorsDeps,
  operatorDeactivated,
  operatorExists,
  operatorNotFound,
  operatorSetUpAlready,
} from '../deps.ts';
import type { ConsoleOperator } from '../model.ts';
import * as repo from '../repo.ts';
import { operatorAuditState, operatorView } from '../views.ts';
import { issueSetUpLink, mailInvitation } from './set-up-links.ts';

const target = (id: string) => ({ type: 'operator', id });

export async function listOperators(deps: OperatorsDeps): Promise<OperatorList> {
  return { operators: (await repo.listOperators(deps.db)).map(operatorView) };
}

/**
 * The first operator (or any other), made by `npm run ops -- create-operator`: their set-up link is answered to
 * be printed once, never logged. Asked again for an operator who has not set up yet, it gives a new link.
 */
export async function createFromCommandLine(
  deps: OperatorsDeps,
  input: { email: string; name: string; role: OperatorRole },
): Promise<{ operator: Operator; link: string; isNew: boolean }> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const id = randomUUID();
    const isNew = await repo.insertOperator(tx, {
      id,
      email: input.email,
      name: input.name,
      role: input.role,
      created_at: at,
      created_by: null,
    });
    const row = isNew ? await repo.findOperator(tx, id) : await repo.findOperatorByEmail(tx, input.email);
    if (!row) throw operatorNotFound();
    if (!isNew && (row.password_hash !== null || row.deactivated_at !== null)) throw operatorExists();
    const link = await issueSetUpLink(deps, tx, row.id);
    await recordAudit(tx, {
      at,
      operatorId: null,
      action: isNew ? OPERATOR_AUDIT_ACTIONS.create : OPERATOR_AUDIT_ACTIONS.reinvite,
      target: target(row.id),
      before: isNew ? null : operatorAuditState(row),
      after: operatorAuditState(row),
    });
    return { operator: operatorView(row), link, isNew };
  });
}

/** An admin invites someone: the operator exists at once (invited), the link goes by e-mail after the commit. */
export async function inviteOperator(
  deps: OperatorsDeps,
  by: ConsoleOperator,
  body: OperatorInviteBody,
): Promise<Operator> {
  const at = deps.now();
  const { row, link } = await deps.db.transaction(async (tx) => {
    const id = randomUUID();
    const isNew = await repo.insertOperator(tx, {
      id,
      email: body.email_address,
      name: body.name,
      role: body.role,
      created_at: at,
      created_by: by.id,
    });
    if (!isNew) throw operatorExists();
    const created = await repo.findOperator(tx, id);
    if (!created) throw operatorNotFound();
    const link = await issueSetUpLink(deps, tx, id);
    await recordAudit(tx, {
      at,
      operatorId: by.id,
      action: OPERATOR_AUDIT_ACTIONS.invite,
      target: target(id),
      before: null,
      after: operatorAuditState(created),
    });
    return { row: created, link };
  });
  await mailInvitation(deps, row, by, link);
  return operatorView(row);
}

/** A new invitation for an operator who has not set up yet; the earlier link stops working. */
export async function reinviteOperator(
  deps: OperatorsDeps,
  by: ConsoleOperator,
  operatorId: string,
): Promise<Operator> {
  const at = deps.now();
  const { row, link } = await deps.db.transaction(async (tx) => {
    const found = await repo.findOperator(tx, operatorId, { lock: true });
    if (!found) throw operatorNotFound();
    if (found.deactivated_at) throw operatorDeactivated();
    if (found.password_hash !== null) throw operatorSetUpAlready();
    const link = await issueSetUpLink(deps, tx, found.id);
    const state = operatorAuditState(found);
    await recordAudit(tx, {
      at,
      operatorId: by.id,
      action: OPERATOR_AUDIT_ACTIONS.reinvite,
      target: target(found.id),
      before: state,
      after: state,
    });
    return { row: found, link };
  });
  await mailInvitation(deps, row, by, link);
  return operatorView(row);
}

/**
 * An operator of `operatorId` and whether the change may be made: not one's own (another admin does it), not to a
 * deactivated operator, and never leaving no active admin. The admins are locked first, so two admins demoting
 * each other at once cannot both succeed.
 */
async function changeable(
  tx: Db,
  by: ConsoleOperator,
  operatorId: string,
  isAdminLeaving: (row: repo.OperatorRow) => boolean,
): Promise<repo.OperatorRow> {
  if (operatorId === by.id) throw notYourself();
  const admins = await repo.lockActiveAdmins(tx);
  const row = await repo.findOperator(tx, operatorId, { lock: true });
  if (!row) throw operatorNotFound();
  if (isAdminLeaving(row) && admins.length <= 1 && admins.includes(row.id)) throw lastAdmin();
  return row;
}

/** A new role ends the operator's sessions: they sign in again and act with the new one. */
export async function changeRole(
  deps: OperatorsDeps,
  by: ConsoleOperator,
  operatorId: string,
  role: OperatorRole,
): Promise<Operator> {
  const at = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const found = await changeable(tx, by, operatorId, (row) => row.role === 'admin' && role !== 'admin');
    if (found.deactivated_at) throw operatorDeactivated();
    if (found.role === role) return found;
    await repo.setRole(tx, found.id, role);
    await repo.endSessionsOf(tx, found.id, 'role-changed', at);
    const changed = { ...found, role };
    await recordAudit(tx, {
      at,
      operatorId: by.id,
      action: OPERATOR_AUDIT_ACTIONS.changeRole,
      target: target(found.id),
      before: operatorAuditState(found),
      after: operatorAuditState(changed),
    });
    return changed;
  });
  return operatorView(row);
}

/** A deactivated operator's sessions end at once; they can no longer sign in nor use a set-up link. */
export async function deactivateOperator(
  deps: OperatorsDeps,
  by: ConsoleOperator,
  operatorId: string,
): Promise<Operator> {
  const at = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const found = await changeable(tx, by, operatorId, (row) => row.role === 'admin');
    if (found.deactivated_at) return found;
    await repo.deactivate(tx, found.id, at);
    await repo.endSessionsOf(tx, found.id, 'deactivated', at);
    const changed = { ...found, deactivated_at: at };
    await recordAudit(tx, {
      at,
      operatorId: by.id,
      action: OPERATOR_AUDIT_ACTIONS.deactivate,
      target: target(found.id),
      before: operatorAuditState(found),
      after: operatorAuditState(changed),
    });
    return changed;
  });
  return operatorView(row);
}

/**
 * An admin resets another operator's password, or their second factor (a lost phone): the operator's sessions
 * end at once, what was reset is cleared, and a new set-up link is e-mailed. A password reset keeps their
 * authenticator app (the link asks for its code after the new password); a second factor reset clears the
 * password too, so whoever holds the old password cannot enrol an app of their own.
 */
export async function resetCredentials(
  deps: OperatorsDeps,
  by: ConsoleOperator,
  operatorId: string,
  what: 'password' | 'two-factor',
): Promise<Operator> {
  const at = deps.now();
  const { row, link } = await deps.db.transaction(async (tx) => {
    if (operatorId === by.id) throw notYourself();
    const found = await repo.findOperator(tx, operatorId, { lock: true });
    if (!found) throw operatorNotFound();
    if (found.deactivated_at) throw operatorDeactivated();
    const isTwoFactor = what === 'two-factor';
    await repo.clearCredentials(tx, found.id, { twoFactor: isTwoFactor });
    await repo.endSessionsOf(tx, found.id, 'credentials-reset', at);
    const link = await issueSetUpLink(deps, tx, found.id);
    const changed = {
      ...found,
      password_hash: null,
      totp_secret_sealed: isTwoFactor ? null : found.totp_secret_sealed,
    };
    await recordAudit(tx, {
      at,
      operatorId: by.id,
      action: isTwoFactor ? OPERATOR_AUDIT_ACTIONS.resetTwoFactor : OPERATOR_AUDIT_ACTIONS.resetPassword,
      target: target(found.id),
      before: operatorAuditState(found),
      after: operatorAuditState(changed),
    });
    return { row: changed, link };
  });
  const hours = OPERATOR_SET_UP_TTL_MS / 3_600_000;
  const reset = what === 'password' ? 'password' : 'password and authenticator app';
  await deps.mailer.send({
    to: row.email,
    subject: `Your ${deps.serviceName} operator console ${reset} was reset`,
    text: `Hello ${row.name},\n\n${by.name} reset your ${reset} for the ${deps.serviceName} operator console; you were signed out everywhere.\n\nOpen this link within ${hours} hours to choose a new password${what === 'password' ? '' : ' and set up your authenticator app again'}:\n${link}\n\nIf you did not ask for this, tell an administrator.`,
  });
  return operatorView(row);
}
