import type { OperatorRole } from '@riderdesk/domain/console/roles';
import type { AuditFilters, AuditQuery } from '@riderdesk/domain/contracts/console-audit';
import type { OperatorInviteBody } from '@riderdesk/domain/contracts/console-operators';
import type { ConsoleCodeBody } from '@riderdesk/domain/contracts/console-sign-in';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { secretBox } from '../../infra/secret-box.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ChallengeStep } from './challenges.ts';
import { SignInChallenges } from './challenges.ts';
import type { OperatorsDeps } from './deps.ts';
import type { ConsoleOperator } from './model.ts';
import { exportAuditLog, searchAuditLog } from './workflows/audit-log.ts';
import {
  changeRole,
  createFromCommandLine,
  deactivateOperator,
  inviteOperator,
  listOperators,
  reinviteOperator,
  resetCredentials,
} from './workflows/operators.ts';
import { honouredSessionIds, meOf, operatorOfHeader, signOut } from './workflows/sessions.ts';
import { completeSignIn, inspectSetUp, readChallenge, setUp, signIn } from './workflows/sign-in.ts';

export type OperatorsService = ReturnType<typeof operatorsService>;

/** The purpose the operators' TOTP secrets are sealed for (infra/secret-box.ts). */
export const TOTP_SECRETS_PURPOSE = 'riderdesk operator totp secrets';

/** The operator console's accounts, sign-in, sessions and audit log (issue 36, decisions 169 and 170). */
export function operatorsService({
  db,
  config,
  passwords,
  mailer,
  now,
}: {
  db: Db;
  config: Pick<AppConfig, 'authSecret' | 'previousAuthSecrets' | 'publicUrl'> & {
    deployment: { brand: { serviceName: string } };
  };
  passwords: PasswordHasher;
  mailer: Mailer;
  now: Clock;
}) {
  const deps: OperatorsDeps = {
    db,
    now,
    passwords,
    totpSecrets: secretBox(config.authSecret, TOTP_SECRETS_PURPOSE, config.previousAuthSecrets),
    challenges: new SignInChallenges(config.authSecret, now),
    mailer,
    publicUrl: config.publicUrl,
    serviceName: config.deployment.brand.serviceName,
  };
  return {
    now,
    signIn: (email: string, password: string, onFailure: () => Promise<void>) =>
      signIn(deps, email, password, onFailure),
    readChallenge: (challenge: string) => readChallenge(deps, challenge),
    completeSignIn: (
      claims: { operatorId: string; step: ChallengeStep },
      body: ConsoleCodeBody,
      onFailure: () => Promise<void>,
    ) => completeSignIn(deps, claims, body, onFailure),
    inspectSetUp: (token: string) => inspectSetUp(deps, token),
    setUp: (token: string, password: string) => setUp(deps, token, password),
    operatorOfHeader: (header: string | undefined) => operatorOfHeader(deps, header),
    honouredSessionIds: (sessionIds: readonly string[]) => honouredSessionIds(deps, sessionIds),
    me: meOf,
    signOut: (operator: ConsoleOperator) => signOut(deps, operator),
    listOperators: () => listOperators(deps),
    createFromCommandLine: (input: { email: string; name: string; role: OperatorRole }) =>
      createFromCommandLine(deps, input),
    inviteOperator: (by: ConsoleOperator, body: OperatorInviteBody) => inviteOperator(deps, by, body),
    reinviteOperator: (by: ConsoleOperator, operatorId: string) => reinviteOperator(deps, by, operatorId),
    changeRole: (by: ConsoleOperator, operatorId: string, role: OperatorRole) => changeRole(deps, by, operatorId, role),
    deactivateOperator: (by: ConsoleOperator, operatorId: string) => deactivateOperator(deps, by, operatorId),
    resetCredentials: (by: ConsoleOperator, operatorId: string, what: 'password' | 'two-factor') =>
      resetCredentials(deps, by, operatorId, what),
    searchAuditLog: (query: AuditQuery) => searchAuditLog(deps, query),
    exportAuditLog: (filters: AuditFilters) => exportAuditLog(deps, filters),
  };
}
