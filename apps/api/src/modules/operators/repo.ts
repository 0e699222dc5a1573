import type { OperatorRole } from '@riderdesk/domain/console/roles';
import type { Db } from '../../db/db.ts';
import type { AuditEntryInput } from './model.ts';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  password_hash: string | null;
  totp_secret_sealed: string | null;
  totp_pending_sealed: string | null;
  totp_last_step: string | null;
  enrolled_at: Date | null;
  created_at: Date;
  created_by: string | null;
  deactivated_at: Date | null;
  last_sign_in_at: Date | null;
}

const SELECT_OPERATOR = `select id, email, name, role, password_hash, totp_secret_sealed, totp_pending_sealed,
  totp_last_step::text as totp_last_step, enrolled_at, created_at, created_by, deactivated_at, last_sign_in_at
  from operators`;

export async function insertOperator(
  db: Db,
  operator: Pick<OperatorRow, 'id' | 'email' | 'name' | 'role' | 'created_at' | 'created_by'>,
): Promise<boolean> {
  const rows = await db.query(
    `insert into operators (id, email, name, role, created_at, created_by) values ($1, $2, $3, $4, $5, $6)
     on conflict (email) do nothing returning id`,
    [operator.id, operator.email, operator.name, operator.role, operator.created_at, operator.created_by],
  );
  return rows.length === 1;
}

export async function findOperator(db: Db, id: string, options: { lock?: boolean } = {}): Promise<OperatorRow | null> {
  const [row] = await db.query<OperatorRow>(`${SELECT_OPERATOR} where id = $1${options.lock ? ' for update' : ''}`, [
    id,
  ]);
  return row ?? null;
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | null> {
  const [row] = await db.query<OperatorRow>(`${SELECT_OPERATOR} where email = $1`, [email]);
  return row ?? null;
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.query<OperatorRow>(`${SELECT_OPERATOR} order by deactivated_at is not null, lower(name), email`);
}

/** The active admins, locked: the last of them is never demoted nor deactivated. */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from operators where role = 'admin' and deactivated_at is null order by id for update`,
  );
  return rows.map((row) => row.id);
}

export async function setRole(db: Db, id: string, role: OperatorRole): Promise<void> {
  await db.query('update operators set role = $2 where id = $1', [id, role]);
}

export async function deactivate(db: Db, id: string, at: Date): Promise<void> {
  await db.query('update operators set deactivated_at = $2 where id = $1 and deactivated_at is null', [id, at]);
}

export async function setPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.query('update operators set password_hash = $2 where id = $1', [id, passwordHash]);
}

export async function setPendingTotp(db: Db, id: string, sealed: string): Promise<void> {
  await db.query('update operators set totp_pending_sealed = $2 where id = $1', [id, sealed]);
}

/**
 * Takes a TOTP step for the operator, once: false when this step or a later one was taken already (the same code
 * sent twice, or an older one after a newer). The secret is sealed again with the current key meanwhile.
 */
export async function takeTotpStep(db: Db, id: string, step: number, sealed: string): Promise<boolean> {
  const rows = await db.query(
    `update operators set totp_last_step = $2, totp_secret_sealed = $3
      where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
    [id, step, sealed],
  );
  return rows.length === 1;
}

/** The pending secret becomes the operator's, its first code's step taken. */
export async function confirmEnrolment(db: Db, id: string, sealed: string, step: number, at: Date): Promise<void> {
  await db.query(
    `update operators set totp_secret_sealed = $2, totp_pending_sealed = null, totp_last_step = $3, enrolled_at = $4
      where id = $1`,
    [id, sealed, step, at],
  );
}

export async function markSignedIn(db: Db, id: string, at: Date): Promise<void> {
  await db.query('update operators set last_sign_in_at = $2 where id = $1', [id, at]);
}

// --- set-up links

export async function insertSetUpToken(
  db: Db,
  token: { tokenHash: string; operatorId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  // A new link replaces the operator's earlier ones.
  await db.query('delete from operator_set_up_tokens where operator_id = $1 and used_at is null', [token.operatorId]);
  await db.query(
    `insert into operator_set_up_tokens (token_hash, operator_id, created_at, expires_at) values ($1, $2, $3, $4)`,
    [token.tokenHash, token.operatorId, token.createdAt, token.expiresAt],
  );
}

/** The operator a live (unused, unexpired) set-up link is for, the link locked when asked. */
export async function findLiveSetUpToken(
  db: Db,
  tokenHash: string,
  at: Date,
  options: { lock?: boolean } = {},
): Promise<{ operator_id: string } | null> {
  const [row] = await db.query<{ operator_id: string }>(
    `select operator_id from operator_set_up_tokens
      where token_hash = $1 and used_at is null and expires_at > $2${options.lock ? ' for update' : ''}`,
    [tokenHash, at],
  );
  return row ?? null;
}

export async function useSetUpToken(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.query('update operator_set_up_tokens set used_at = $2 where token_hash = $1', [tokenHash, at]);
}

// --- recovery codes

export async function replaceRecoveryCodes(db: Db, operatorId: string, codeHashes: readonly string[]): Promise<void> {
  await db.query('delete from operator_recovery_codes where operator_id = $1', [operatorId]);
  await db.query('insert into operator_recovery_codes (operator_id, code_hash) select $1, unnest($2::text[])', [
    operatorId,
    codeHashes,
  ]);
}

/** Uses a recovery code up: false when it is not one of the operator's unused codes. */
export async function useRecoveryCode(db: Db, operatorId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update operator_recovery_codes set used_at = $3
      where operator_id = $1 and code_hash = $2 and used_at is null returning code_hash`,
    [operatorId, codeHash, at],
  );
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, operatorId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from operator_recovery_codes where operator_id = $1 and used_at is null',
    [operatorId],
  );
  return row?.count ?? 0;
}

// --- sessions

export async function insertSession(
  db: Db,
  session: { id: string; operatorId: string; tokenHash: string; role: OperatorRole; at: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into operator_sessions (id, operator_id, token_hash, role, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5, $5, $6)`,
    [session.id, session.operatorId, session.tokenHash, session.role, session.at, session.expiresAt],
  );
}

export interface LiveSessionRow {
  session_id: string;
  last_seen_at: Date;
  expires_at: Date;
  operator_id: string;
  email: string;
  name: string;
  role: OperatorRole;
}

/**
 * The session of a token while it is honoured: not ended, not past its end nor idle too long, its operator active
 * and still of the role it was opened with. Every console call reads this, on whichever instance it lands.
 */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  at: Date,
  idleSince: Date,
): Promise<LiveSessionRow | null> {
  const [row] = await db.query<LiveSessionRow>(
    `select s.id as session_id, s.last_seen_at, s.expires_at, o.id as operator_id, o.email, o.name, o.role
       from operator_sessions s join operators o on o.id = s.operator_id
      where s.token_hash = $1 and s.ended_at is null and s.expires_at > $2 and s.last_seen_at > $3
        and o.deactivated_at is null and o.role = s.role`,
    [tokenHash, at, idleSince],
    { prepare: true },
  );
  return row ?? null;
}

/** Of these sessions, the ones honoured now (findLiveSession's rule): the live board's sockets are checked so. */
export async function findHonouredSessionIds(
  db: Db,
  sessionIds: readonly string[],
  at: Date,
  idleSince: Date,
): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(
    `select s.id::text as id
       from operator_sessions s join operators o on o.id = s.operator_id
      where s.id = any($1::uuid[]) and s.ended_at is null and s.expires_at > $2 and s.last_seen_at > $3
        and o.deactivated_at is null and o.role = s.role`,
    [sessionIds, at, idleSince],
  );
  return new Set(rows.map((row) => row.id));
}

export async function markSessionSeen(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.query('update operator_sessions set last_seen_at = $2 where id = $1 and last_seen_at < $2', [sessionId, at]);
}

export type SessionEnd = 'sign-out' | 'deactivated' | 'role-changed' | 'credentials-reset';

export async function endSession(db: Db, sessionId: string, reason: SessionEnd, at: Date): Promise<void> {
  await db.query('update operator_sessions set ended_at = $2, ended_reason = $3 where id = $1 and ended_at is null', [
    sessionId,
    at,
    reason,
  ]);
}

export async function endSessionsOf(db: Db, operatorId: string, reason: SessionEnd, at: Date): Promise<number> {
  const rows = await db.query(
    `update operator_sessions set ended_at = $2, ended_reason = $3
      where operator_id = $1 and ended_at is null returning id`,
    [operatorId, at, reason],
  );
  return rows.length;
}

/**
 * An admin's reset: the password is cleared (the set-up link sets a new one); with the second factor, the
 * authenticator app and the recovery codes are cleared too (the link goes on to enrolling a new app).
 */
export async function clearCredentials(db: Db, id: string, options: { twoFactor: boolean }): Promise<void> {
  await db.query(
    options.twoFactor
      ? `update operators set password_hash = null, totp_secret_sealed = null, totp_pending_sealed = null,
           totp_last_step = null, enrolled_at = null where id = $1`
      : 'update operators set password_hash = null where id = $1',
    [id],
  );
  if (options.twoFactor) await replaceRecoveryCodes(db, id, []);
}

// --- audit log

export async function insertAuditEntry(db: Db, entry: AuditEntryInput): Promise<void> {
  await db.query(
    `insert into operator_audit_log (at, operator_id, action, target_type, target_id, before, after)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      entry.at,
      entry.operatorId,
      entry.action,
      entry.target.type,
      entry.target.id,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
    ],
  );
}

export interface AuditRow {
  id: string;
  at: Date;
  operator_id: string | null;
  operator_email: string | null;
  operator_name: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditFilter {
  operatorId: string | null;
  action: string | null;
  targetType: string | null;
  targetId: string | null;
  from: Date | null;
  to: Date | null;
  /** The page starts after this entry (newest first). */
  before: { at: Date; id: string } | null;
}

/** The entries of a search, newest first. */
export async function searchAudit(db: Db, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select a.id::text as id, a.at, a.operator_id, o.email as operator_email, o.name as operator_name, a.action,
            a.target_type, a.target_id, a.before, a.after
       from operator_audit_log a left join operators o on o.id = a.operator_id
      where ($1::uuid is null or a.operator_id = $1)
        -- an action, or every action it is the first part of
        and ($2::text is null or a.action = $2 or starts_with(a.action, $2 || '.'))
        and ($3::text is null or a.target_type = $3)
        and ($4::text is null or a.target_id = $4)
        and ($5::timestamptz is null or a.at >= $5)
        and ($6::timestamptz is null or a.at < $6)
        and ($7::timestamptz is null or (a.at, a.id) < ($7::timestamptz, $8::bigint))
      order by a.at desc, a.id desc
      limit $9`,
    [
      filter.operatorId,
      filter.action,
      filter.targetType,
      filter.targetId,
      filter.from,
      filter.to,
      filter.before?.at ?? null,
      filter.before?.id ?? null,
      limit,
    ],
  );
}
