import type { Db } from '../../db/db.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  confirmed_at: Date | null;
  disabled: boolean;
  password_reset_required: boolean;
}

export interface SessionRow {
  id: string;
  family_id: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  rotated_to: string | null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('select * from users where email = lower($1)', [email]);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('select * from users where id = $1', [id]);
  return row ?? null;
}

export async function insertUser(
  db: Db,
  user: { email: string; passwordHash: string; confirmedAt: Date | null },
): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `insert into users (email, password_hash, confirmed_at) values (lower($1), $2, $3)
     on conflict (email) do nothing returning *`,
    [user.email, user.passwordHash, user.confirmedAt],
  );
  return row ?? null;
}

/** Whether the user has been through the welcome walkthrough (decision 087). */
export async function hasSeenWelcome(db: Db, userId: string): Promise<boolean | null> {
  const [row] = await db.query<{ seen: boolean }>(
    'select welcome_seen_at is not null as seen from users where id = $1',
    [userId],
  );
  return row ? row.seen : null;
}

/** Remembers the walkthrough as seen; the first time stays the one kept. */
export async function markWelcomeSeen(db: Db, userId: string, now: Date): Promise<void> {
  await db.query('update users set welcome_seen_at = coalesce(welcome_seen_at, $2) where id = $1', [userId, now]);
}

export async function updatePassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  // A completed reset proves the mailbox, so it also confirms the e-mail.
  await db.query(
    `update users set password_hash = $2, password_reset_required = false, confirmed_at = coalesce(confirmed_at, $3)
      where id = $1`,
    [userId, passwordHash, now],
  );
}

export async function insertSession(
  db: Db,
  session: { id: string; familyId: string; userId: string; refreshTokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `insert into sessions (id, family_id, user_id, refresh_token_hash, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [session.id, session.familyId, session.userId, session.refreshTokenHash, session.now, session.expiresAt],
  );
}

export async function findSessionByRefreshHash(db: Db, hash: string): Promise<SessionRow | null> {
  const [row] = await db.query<SessionRow>('select * from sessions where refresh_token_hash = $1', [hash]);
  return row ?? null;
}

/** Marks a session rotated; false when another call rotated it first. */
export async function markRotated(db: Db, sessionId: string, successorId: string): Promise<boolean> {
  const rows = await db.query(
    'update sessions set rotated_to = $2 where id = $1 and rotated_to is null and revoked_at is null returning id',
    [sessionId, successorId],
  );
  return rows.length > 0;
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where family_id = $1 and revoked_at is null', [familyId, now]);
}

export async function revokeSessionFamilyOf(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.query(
    `update sessions set revoked_at = $2
      where family_id = (select family_id from sessions where id = $1) and revoked_at is null`,
    [sessionId, now],
  );
}

export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null', [userId, now]);
}

export async function insertVerification(
  db: Db,
  verification: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.query('insert into email_verifications (token_hash, user_id, expires_at) values ($1, $2, $3)', [
    verification.tokenHash,
    verification.userId,
    verification.expiresAt,
  ]);
}

/** Uses a verification token once; null when unknown, used or expired. */
export async function useVerification(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    `update email_verifications set used_at = $2
      where token_hash = $1 and used_at is null and expires_at > $2 returning user_id`,
    [tokenHash, now],
  );
  return row?.user_id ?? null;
}

export async function confirmUser(db: Db, userId: string, now: Date): Promise<void> {
  await db.query('update users set confirmed_at = coalesce(confirmed_at, $2) where id = $1', [userId, now]);
}

export interface PasswordResetRow {
  id: string;
  code_hash: string;
  attempts: number;
}

export async function replacePasswordReset(
  db: Db,
  reset: { userId: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  // Only the latest code works: asking again retires the earlier ones.
  await db.query('update password_resets set used_at = $2 where user_id = $1 and used_at is null', [
    reset.userId,
    reset.now,
  ]);
  await db.query('insert into password_resets (user_id, code_hash, expires_at, created_at) values ($1, $2, $3, $4)', [
    reset.userId,
    reset.codeHash,
    reset.expiresAt,
    reset.now,
  ]);
}

export async function findLivePasswordReset(
  db: Db,
  userId: string,
  now: Date,
  maxAttempts: number,
): Promise<PasswordResetRow | null> {
  const [row] = await db.query<PasswordResetRow>(
    `select id, code_hash, attempts from password_resets
      where user_id = $1 and used_at is null and expires_at > $2 and attempts < $3
      order by created_at desc limit 1 for update`,
    [userId, now, maxAttempts],
  );
  return row ?? null;
}

export async function countResetAttempt(db: Db, resetId: string): Promise<void> {
  await db.query('update password_resets set attempts = attempts + 1 where id = $1', [resetId]);
}

export async function usePasswordReset(db: Db, resetId: string, now: Date): Promise<void> {
  await db.query('update password_resets set used_at = $2 where id = $1', [resetId, now]);
}

// A session's tokens are honoured while it is not revoked and its user not disabled.
const IS_HONOURED = 's.revoked_at is null and not u.disabled';

/** Whether the access token's session is still honoured (every authenticated call). */
export async function isSessionHonoured(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from sessions s join users u on u.id = s.user_id where s.id = $1 and s.user_id = $2 and ${IS_HONOURED}`,
    [sessionId, userId],
    { prepare: true },
  );
  return rows.length > 0;
}

/** Of these sessions, those whose tokens are still honoured (live sockets re-check them). */
export async function findHonouredSessionIds(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `select s.id::text as id from sessions s join users u on u.id = s.user_id
      where s.id = any($1::uuid[]) and ${IS_HONOURED}`,
    [sessionIds],
  );
  return new Set(rows.map((row) => row.id));
}

// --- Guest sessions (docs/decisions/080-guest-sessions.md)

/** False when the challenge already opened a session: each solved challenge is good for one. */
export async function insertGuestSession(
  db: Db,
  session: { id: string; vendorId: string; challengeHash: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db.query(
    `insert into guest_sessions (id, vendor_id, challenge_hash, created_at, expires_at)
     values ($1, $2, $3, $4, $5) on conflict (challenge_hash) do nothing returning id`,
    [session.id, session.vendorId, session.challengeHash, session.now, session.expiresAt],
  );
  return rows.length > 0;
}

/** A guest token is honoured while its session is unexpired and its orders not taken over by an account. */
export async function isGuestSessionHonoured(db: Db, guestId: string, vendorId: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `select 1 from guest_sessions where id = $1 and vendor_id = $2 and claimed_at is null and expires_at > $3`,
    [guestId, vendorId, now],
    { prepare: true },
  );
  return rows.length > 0;
}

/** Of these guest sessions, those whose tokens are still honoured (live sockets re-check them). */
export async function findHonouredGuestSessionIds(db: Db, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `select id::text as id from guest_sessions where id = any($1::uuid[]) and claimed_at is null and expires_at > $2`,
    [ids, now],
  );
  return new Set(rows.map((row) => row.id));
}

/** Hands the guest's vendor to an account; the vendor id, or null when already taken over or expired. */
export async function claimGuestSession(db: Db, guestId: string, userId: string, now: Date): Promise<string | null> {
  const [row] = await db.query<{ vendor_id: string }>(
    `update guest_sessions set claimed_by = $2, claimed_at = $3
      where id = $1 and claimed_at is null and expires_at > $3 returning vendor_id`,
    [guestId, userId, now],
  );
  return row?.vendor_id ?? null;
}

/**
 * Reserves an unexpired, unclaimed guest session's orders for an account being registered (migration 106); a
 * later registration from a browser holding the same token takes the reservation over. False when none.
 */
export async function reserveGuestSession(
  db: Db,
  guest: { guestId: string; vendorId: string },
  userId: string,
  intoVendorId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update guest_sessions set reserved_for = $3, reserved_into = $4
      where id = $1 and vendor_id = $2 and claimed_at is null and expires_at > $5 returning id`,
    [guest.guestId, guest.vendorId, userId, intoVendorId, now],
  );
  return rows.length > 0;
}

/**
 * Hands the guest sessions reserved for an account over to it: each guest vendor's id and the business its
 * orders go into (migration 118), when the registration named one.
 */
export async function claimReservedGuestSessions(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ vendorId: string; intoVendorId: string | null }[]> {
  const rows = await db.query<{ vendor_id: string; reserved_into: string | null }>(
    `update guest_sessions set claimed_by = $1, claimed_at = $2
      where reserved_for = $1 and claimed_at is null and expires_at > $2 returning vendor_id, reserved_into`,
    [userId, now],
  );
  return rows.map((row) => ({ vendorId: row.vendor_id, intoVendorId: row.reserved_into }));
}

/**
 * Deletes up to `limit` guest vendors whose session expired before `expiredBefore`, was never handed over to an
 * account, and placed no order; their guest_sessions rows go with them (on delete cascade). A guest vendor with
 * orders is kept: the orders are the fleet's and the customer's records (decision 088). Answers the vendor ids.
 */
export async function deleteExpiredGuestVendors(db: Db, expiredBefore: Date, limit: number): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    `with expired as (
       select g.vendor_id from guest_sessions g
        where g.claimed_at is null and g.expires_at < $1
          and not exists (select 1 from orders o where o.vendor_id = g.vendor_id)
        order by g.expires_at
        limit $2
        for update of g skip locked
     )
     delete from vendors v using expired e
      where v.vendor_id = e.vendor_id and v.is_guest
     returning v.vendor_id`,
    [expiredBefore, limit],
  );
  return rows.map((row) => row.vendor_id);
}

// --- Partner (GODROID) tokens (docs/decisions/081-partner-tokens.md)

export interface PartnerTokenRow {
  id: string;
  vendor_id: string;
  label: string | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertPartnerToken(
  db: Db,
  token: { id: string; vendorId: string; tokenHash: string; label: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into partner_tokens (id, vendor_id, token_hash, label, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6) on conflict (token_hash) do nothing`,
    [token.id, token.vendorId, token.tokenHash, token.label, token.now, token.expiresAt],
  );
}

/** The live (unrevoked, unexpired) token of this hash, on an active vendor. */
export async function findLivePartnerToken(db: Db, tokenHash: string, now: Date): Promise<PartnerTokenRow | null> {
  const [row] = await db.query<PartnerTokenRow>(
    `select t.id::text as id, t.vendor_id, t.label, t.created_at, t.expires_at, t.revoked_at
       from partner_tokens t join vendors v on v.vendor_id = t.vendor_id
      where t.token_hash = $1 and t.revoked_at is null and t.expires_at > $2 and v.is_active`,
    [tokenHash, now],
    { prepare: true },
  );
  return row ?? null;
}

/** Of these partner tokens, those still honoured: unrevoked, unexpired, on an active vendor (live sockets). */
export async function findHonouredPartnerTokenIds(db: Db, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `select t.id::text as id from partner_tokens t join vendors v on v.vendor_id = t.vendor_id
      where t.id = any($1::uuid[]) and t.revoked_at is null and t.expires_at > $2 and v.is_active`,
    [ids, now],
  );
  return new Set(rows.map((row) => row.id));
}

export async function listPartnerTokens(db: Db, vendorId?: string): Promise<PartnerTokenRow[]> {
  return db.query<PartnerTokenRow>(
    `select id::text as id, vendor_id, label, created_at, expires_at, revoked_at from partner_tokens
      where $1::text is null or vendor_id = $1 order by created_at desc`,
    [vendorId ?? null],
  );
}

export async function findPartnerToken(db: Db, id: string): Promise<PartnerTokenRow | null> {
  const [row] = await db.query<PartnerTokenRow>(
    'select id::text as id, vendor_id, label, created_at, expires_at, revoked_at from partner_tokens where id = $1',
    [id],
  );
  return row ?? null;
}

export async function revokePartnerToken(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'update partner_tokens set revoked_at = $2 where id = $1 and revoked_at is null returning id',
    [id, now],
  );
  return rows.length > 0;
}
