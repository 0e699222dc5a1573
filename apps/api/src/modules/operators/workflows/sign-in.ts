import { randomBytes } from 'node:crypto';
import { OPERATOR_AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '@riderdesk/domain/console/session';
import type {
  ConsoleChallenge,
  ConsoleCodeBody,
  ConsoleSession,
  ConsoleSetUpInvitation,
} from '@riderdesk/domain/contracts/console-sign-in';
import { isValidPassword } from '@riderdesk/domain/validation/password';
import { keyedError } from '../../../errors.ts';
import { UnreadableSecret } from '../../../infra/secret-box.ts';
import { sha256 } from '../../auth/tokens.ts';
import { recordAudit } from '../audit.ts';
import type { ChallengeStep } from '../challenges.ts';
import {
  challengeExpired,
  codeWrong,
  type OperatorsDeps,
  secondFactorUnreadable,
  setUpLinkInvalid,
  signInFailed,
} from '../deps.ts';
import * as repo from '../repo.ts';
import { acceptedStep, newTotpSecret, otpauthUri } from '../totp.ts';
import { operatorAuditState } from '../views.ts';
import { startSession } from './sessions.ts';

const target = (id: string) => ({ type: 'operator', id });

/**
 * The operator's TOTP secret; sealed under an AUTH_SECRET this server no longer has (rotated without
 * AUTH_SECRET_PREVIOUS, decision 169), it cannot be read: the operator signs in with a recovery code.
 */
function openSecret(deps: OperatorsDeps, sealed: string): string {
  try {
    return deps.totpSecrets.open(sealed);
  } catch (error) {
    if (error instanceof UnreadableSecret) throw secondFactorUnreadable();
    throw error;
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 80 random bits as 16 base32 letters in four groups (RECOVERY_CODE_PATTERN). */
function newRecoveryCode(): string {
  const letters = [...randomBytes(16)].map((byte) => BASE32[byte % 32]).join('');
  return letters.match(/.{4}/g)!.join('-');
}

/** A fresh secret offered to the operator's app, kept sealed until its first code confirms it. */
async function enrolmentChallenge(deps: OperatorsDeps, operator: repo.OperatorRow): Promise<ConsoleChallenge> {
  const secret = newTotpSecret();
  await repo.setPendingTotp(deps.db, operator.id, deps.totpSecrets.seal(secret));
  return {
    step: 'enrol',
    challenge: await deps.challenges.issue(operator.id, 'enrol'),
    otpauth_uri: otpauthUri(secret, operator.email, deps.serviceName),
    secret,
  };
}

/**
 * The password step. An unknown e-mail, a wrong password, an operator who has not set up or was deactivated get
 * one answer after the same hashing work, and count as a failure (`onFailure`, the route's counters). The
 * answer asks for a code of the operator's app, or, the first time, for enrolling one.
 */
export async function signIn(
  deps: OperatorsDeps,
  email: string,
  password: string,
  onFailure: () => Promise<void>,
): Promise<ConsoleChallenge> {
  const operator = await repo.findOperatorByEmail(deps.db, email);
  const isPasswordRight = operator?.password_hash
    ? await deps.passwords.verify(operator.password_hash, password)
    : await deps.passwords.verifyAgainstNone(password);
  if (!operator || !isPasswordRight || operator.deactivated_at) {
    await onFailure();
    throw signInFailed();
  }
  if (operator.totp_secret_sealed === null) return enrolmentChallenge(deps, operator);
  return { step: 'code', challenge: await deps.challenges.issue(operator.id, 'code') };
}

/** The operator a challenge names, for the route's per-operator counter; a stale challenge starts again. */
export async function readChallenge(
  deps: OperatorsDeps,
  challenge: string,
): Promise<{ operatorId: string; step: ChallengeStep }> {
  const claims = await deps.challenges.read(challenge);
  if (!claims) throw challengeExpired();
  return claims;
}

/**
 * The second step: a code of the app (or, at enrolment, of the app just set up), or a recovery code. A wrong one
 * counts as a failure of this operator (`onFailure`). Right, it opens a session, in one transaction with its
 * audit entries: enrolment (with ten new recovery codes, shown once), a recovery code used, the sign-in.
 */
export async function completeSignIn(
  deps: OperatorsDeps,
  claims: { operatorId: string; step: ChallengeStep },
  body: ConsoleCodeBody,
  onFailure: () => Promise<void>,
): Promise<ConsoleSession> {
  const at = deps.now();
  const wrong = async () => {
    await onFailure();
    return codeWrong();
  };
  return deps.db.transaction(async (tx) => {
    const operator = await repo.findOperator(tx, claims.operatorId, { lock: true });
    // Deactivated meanwhile, or enrolled meanwhile in another tab: the challenge no longer fits.
    const isEnrolled = operator?.totp_secret_sealed != null;
    if (!operator || operator.deactivated_at || !operator.password_hash || isEnrolled !== (claims.step === 'code')) {
      throw challengeExpired();
    }

    if (claims.step === 'enrol') {
      if (!('code' in body) || operator.totp_pending_sealed === null) throw await wrong();
      const secret = deps.totpSecrets.open(operator.totp_pending_sealed);
      const step = acceptedStep(secret, body.code, at);
      if (step === null) throw await wrong();
      await repo.confirmEnrolment(tx, operator.id, deps.totpSecrets.seal(secret), step, at);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await repo.replaceRecoveryCodes(tx, operator.id, codes.map(sha256));
      await recordAudit(tx, {
        at,
        operatorId: operator.id,
        action: OPERATOR_AUDIT_ACTIONS.enrol,
        target: target(operator.id),
        before: operatorAuditState(operator),
        after: operatorAuditState({ ...operator, totp_secret_sealed: 'enrolled' }),
      });
      await recordSignIn(tx, operator.id, 'enrolment');
      return startSession(deps, tx, operator, { given: codes, left: codes.length });
    }

    let method: string;
    if ('code' in body) {
      const secret = openSecret(deps, operator.totp_secret_sealed!);
      const step = acceptedStep(secret, body.code, at);
      // Sealed again on each sign-in: a secret sealed before an AUTH_SECRET rotation moves to the new key.
      if (step === null || !(await repo.takeTotpStep(tx, operator.id, step, deps.totpSecrets.seal(secret)))) {
        throw await wrong();
      }
      method = 'app';
    } else {
      const code = normaliseRecoveryCode(body.recovery_code);
      if (code === null || !(await repo.useRecoveryCode(tx, operator.id, sha256(code), at))) throw await wrong();
      const left = await repo.countUnusedRecoveryCodes(tx, operator.id);
      await recordAudit(tx, {
        at,
        operatorId: operator.id,
        action: OPERATOR_AUDIT_ACTIONS.recoveryCodeUsed,
        target: target(operator.id),
        before: { recovery_codes_left: left + 1 },
        after: { recovery_codes_left: left },
      });
      method = 'recovery-code';
    }
    await recordSignIn(tx, operator.id, method);
    return startSession(deps, tx, operator, {
      given: null,
      left: await repo.countUnusedRecoveryCodes(tx, operator.id),
    });
  });

  async function recordSignIn(tx: Parameters<typeof recordAudit>[0], operatorId: string, method: string) {
    await recordAudit(tx, {
      at,
      operatorId,
      action: OPERATOR_AUDIT_ACTIONS.signIn,
      target: target(operatorId),
      before: null,
      after: { second_factor: method },
    });
  }
}

/** Whom a set-up link is for; an unknown, used or expired link, or a deactivated operator's, is not found. */
export async function inspectSetUp(deps: OperatorsDeps, token: string): Promise<ConsoleSetUpInvitation> {
  const link = await repo.findLiveSetUpToken(deps.db, sha256(token), deps.now());
  const operator = link ? await repo.findOperator(deps.db, link.operator_id) : null;
  if (!operator || operator.deactivated_at) throw setUpLinkInvalid();
  return { email: operator.email, name: operator.name, role: operator.role };
}

/**
 * The operator opens their link and chooses a password (spec §5 password rules); the link is used up, and the
 * answer goes straight on to enrolling their authenticator app, as a first sign-in would.
 */
export async function setUp(deps: OperatorsDeps, token: string, password: string): Promise<ConsoleChallenge> {
  if (!isValidPassword(password)) {
    throw keyedError(400, 'InvalidPasswordException', 'register.error.password', 'password');
  }
  const passwordHash = await deps.passwords.hash(password);
  const at = deps.now();
  const operator = await deps.db.transaction(async (tx) => {
    const tokenHash = sha256(token);
    const link = await repo.findLiveSetUpToken(tx, tokenHash, at, { lock: true });
    const found = link ? await repo.findOperator(tx, link.operator_id, { lock: true }) : null;
    if (!found || found.deactivated_at) throw setUpLinkInvalid();
    await repo.useSetUpToken(tx, tokenHash, at);
    await repo.setPassword(tx, found.id, passwordHash);
    const changed = { ...found, password_hash: passwordHash };
    await recordAudit(tx, {
      at,
      operatorId: found.id,
      action: OPERATOR_AUDIT_ACTIONS.setUp,
      target: target(found.id),
      before: operatorAuditState(found),
      after: operatorAuditState(changed),
    });
    return changed;
  });
  // After an admin reset the password only, the operator keeps their app: its code is the next step.
  if (operator.totp_secret_sealed !== null) {
    return { step: 'code', challenge: await deps.challenges.issue(operator.id, 'code') };
  }
  return enrolmentChallenge(deps, operator);
}
