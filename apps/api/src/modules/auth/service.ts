import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { REGISTRATION_LINK_TTL_HOURS, RESET_CODE_LENGTH } from '@riderdesk/domain/constants';
import type { RegisterBody, TokenSet } from '@riderdesk/domain/contracts/auth';
import { isValidPassword as isPasswordAcceptable } from '@riderdesk/domain/validation/password';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { AppError, authError, keyedError } from '../../errors.ts';
import type { JobType } from '../../infra/jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { VendorService } from '../vendors/service.ts';
import type { GuestService } from './guest-service.ts';
import type { PasswordHasher } from './passwords.ts';
import * as repo from './repo.ts';
import { REFRESH_TOKEN_TTL_MS, randomToken, sha256, type Tokens } from './tokens.ts';

export const RESET_CODE_TTL_MS = 15 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
const VERIFICATION_TTL_MS = REGISTRATION_LINK_TTL_HOURS * 60 * 60_000;

class RotationRace extends Error {
  constructor(readonly familyId: string) {
    super('refresh token rotated concurrently');
  }
}

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  tokens: Tokens;
  vendors: VendorService;
  guests: GuestService;
  passwords: PasswordHasher;
  now: () => Date;
}

export type AuthService = ReturnType<typeof authService>;

export const RESET_MAIL_QUEUE = 'auth.password-reset-mail';
export type ResetMailQueue = Pick<JobType<{ email_address: string }>, 'send'>;
// Stands in for the user id when the e-mail has no account, so the code is hashed either way.
const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

const registerError = (translationKey: string, field: string) =>
  keyedError(400, 'InvalidParameterException', translationKey, field);
const passwordRuleError = () => keyedError(400, 'InvalidPasswordException', 'register.error.password', 'password');

export function authService({ db, config, mailer, tokens, vendors, guests, passwords, now }: AuthDeps) {
  const serviceName = config.deployment.brand.serviceName;
  let resetMails: ResetMailQueue | null = null;

  async function startSession(user: { id: string; email: string }, familyId?: string, tx: Db = db) {
    const id = randomUUID();
    const refreshToken = randomToken();
    const at = now();
    await repo.insertSession(tx, {
      id,
      familyId: familyId ?? id,
      userId: user.id,
      refreshTokenHash: sha256(refreshToken),
      expiresAt: new Date(at.getTime() + REFRESH_TOKEN_TTL_MS),
      now: at,
    });
    return { id, refreshToken };
  }

  function resetCodeHash(userId: string, code: string): string {
    // Keyed so a leaked table does not give away six-digit codes by brute force.
    return createHmac('sha256', config.authSecret).update(`${userId}:${code}`).digest('hex');
  }

  async function sendVerification(user: { id: string; email: string }) {
    const token = randomBytes(32).toString('base64url');
    await repo.insertVerification(db, {
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(now().getTime() + VERIFICATION_TTL_MS),
    });
    const link = `${config.publicUrl}/api/v1/register/verify?token=${token}`;
    await mailer.send({
      to: user.email,
      subject: `Confirm your ${serviceName} account`,
      text: `Welcome to ${serviceName}.\n\nConfirm your e-mail address within ${REGISTRATION_LINK_TTL_HOURS} hours by opening this link:\n${link}\n\nIf you did not sign up, ignore this message.`,
      html: `<p>Welcome to ${serviceName}.</p><p>Confirm your e-mail address within ${REGISTRATION_LINK_TTL_HOURS} hours: <a href="${link}">${link}</a></p><p>If you did not sign up, ignore this message.</p>`,
    });
  }

  return {
    /**
     * spec §5: vendor code, vendor e-mail, outlet not linked, e-mail not registered — in that order, after the
     * password rules: a weak password is refused before anything says whether the e-mail has an account, and
     * the password is hashed whichever answer follows, so neither the answer nor its time tells.
     */
    async register(body: RegisterBody, guestToken?: string) {
      if (!isPasswordAcceptable(body.password)) throw passwordRuleError();
      const passwordHash = await passwords.hash(body.password);
      const user = await db.transaction(async (tx) => {
        let vendorId: string;
        if (body.registration_type === 'PV') {
          const vendor = await vendors.registration.findByCode(tx, body.vendor_code);
          if (!vendor) throw registerError('register.error.vendor-code', 'vendor_code');
          if (vendor.contact_email?.toLowerCase() !== body.vendor_email) {
            throw registerError('register.error.vendor-email', 'vendor_email');
          }
          if (await vendors.registration.isLinked(tx, vendor.vendor_id)) {
            throw registerError('register.error.outlet-linked', 'vendor_code');
          }
          vendorId = vendor.vendor_id;
        } else {
          vendorId = `npv-${randomBytes(6).toString('hex')}`;
        }
        if (await repo.findUserByEmail(tx, body.email_address)) {
          throw keyedError(400, 'UsernameExistsException', 'register.error.email-registered', 'email_address');
        }
        const created = await repo.insertUser(tx, { email: body.email_address, passwordHash, confirmedAt: null });
        if (!created) {
          throw keyedError(400, 'UsernameExistsException', 'register.error.email-registered', 'email_address');
        }
        if (body.registration_type === 'NPV') {
          // A new business has no coordinates yet; the request flow asks for its origin first (spec §4).
          await vendors.registration.createBusiness(tx, {
            vendor_id: vendorId,
            name: body.business_name,
            phone: body.mobile_number,
            vat_number: body.vat_number ?? null,
            contact_email: body.email_address,
            owners: [body.email_address],
            currency: config.deployment.country.currency,
            country_code: config.deployment.country.code,
            payment_methods: { [config.deployment.defaultPaymentMethod]: true },
          });
        }
        await vendors.registration.linkUser(tx, created.id, vendorId);
        await guests.reserve(tx, guestToken, created.id, vendorId);
        return created;
      });
      await sendVerification(user);
      return { user_id: user.id, email: user.email, verification_required: true };
    },

    async verifyEmail(token: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const userId = await repo.useVerification(tx, sha256(token), now());
        if (!userId) return false;
        await repo.confirmUser(tx, userId, now());
        return true;
      });
    },

    /**
     * spec §8 codes. An unknown e-mail and a wrong password get one answer, NotAuthorizedException, after the
     * same hashing work, so neither the answer nor its time tells which e-mails have accounts (as identity
     * providers do when user-existence errors are prevented). The password is checked before the account
     * state so only its owner learns that an account is unconfirmed or needs a reset.
     */
    async login(
      email: string,
      password: string,
      onFailure: () => Promise<void>,
      guestToken?: string,
    ): Promise<TokenSet> {
      const user = await repo.findUserByEmail(db, email);
      const isPasswordRight = user
        ? await passwords.verify(user.password_hash, password)
        : await passwords.verifyAgainstNone(password);
      if (!user || !isPasswordRight) {
        await onFailure();
        throw authError(401, 'NotAuthorizedException');
      }
      if (user.disabled) throw authError(403, 'NotAuthorizedException');
      if (user.password_reset_required) throw authError(403, 'PasswordResetRequiredException');
      if (!user.confirmed_at) throw authError(403, 'UserNotConfirmedException');
      // spec §4: a guest who logs in hands its orders to the account, and so does one who registered it.
      await db.transaction((tx) => guests.handOver(tx, guestToken, user.id));
      const session = await startSession(user);
      return tokens.tokenSet(user, session.id, session.refreshToken);
    },

    /** Rotates the refresh token; presenting a rotated one again revokes the whole login. */
    async extend(refreshToken: string): Promise<TokenSet> {
      const at = now();
      type Outcome = { reused: string } | { user: repo.UserRow; next: { id: string; refreshToken: string } } | null;
      const outcome: Outcome = await db
        .transaction<Outcome>(async (tx) => {
          const session = await repo.findSessionByRefreshHash(tx, sha256(refreshToken));
          if (!session || session.revoked_at || session.expires_at <= at) return null;
          if (session.rotated_to) return { reused: session.family_id };
          const user = await repo.findUserById(tx, session.user_id);
          if (!user || user.disabled) return null;
          const next = await startSession(user, session.family_id, tx);
          if (!(await repo.markRotated(tx, session.id, next.id))) throw new RotationRace(session.family_id);
          return { user, next };
        })
        .catch((error: unknown): Outcome => {
          // Two calls presenting the same token at once: the loser is treated as reuse.
          if (error instanceof RotationRace) return { reused: error.familyId };
          throw error;
        });
      if (!outcome) throw authError(401, 'NotAuthorizedException');
      if ('reused' in outcome) {
        await repo.revokeFamily(db, outcome.reused, at);
        throw authError(401, 'NotAuthorizedException');
      }
      return tokens.tokenSet(outcome.user, outcome.next.id, outcome.next.refreshToken);
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revokeSessionFamilyOf(db, sessionId, now());
    },

    /**
     * Always the same answer after the same work, whether the e-mail has an account or not: the request only
     * puts the e-mail on the reset-mail queue, and the queue's worker looks the account up and mails the code
     * (decision 137), so neither the answer nor its time tells whether an account exists.
     */
    async forgotPassword(email: string): Promise<void> {
      if (!resetMails) throw new Error('the password-reset mail queue is not set up');
      await resetMails.send({ email_address: email });
    },

    /** The reset-mail queue's handler (decision 137): stores a fresh code and mails it, for a live account only. */
    async sendResetCode(email: string): Promise<void> {
      const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
      const user = await repo.findUserByEmail(db, email);
      // The code is hashed whichever way the lookup went, so the job's own work does not depend on it either.
      const codeHash = resetCodeHash(user?.id ?? NO_ACCOUNT_ID, code);
      if (!user || user.disabled) return;
      const at = now();
      await db.transaction((tx) =>
        repo.replacePasswordReset(tx, {
          userId: user.id,
          codeHash,
          expiresAt: new Date(at.getTime() + RESET_CODE_TTL_MS),
          now: at,
        }),
      );
      await mailer.send({
        to: user.email,
        subject: `Your ${serviceName} password reset code`,
        text: `Your verification code is ${code}.\n\nIt is valid for 15 minutes. If you did not ask to reset your password, ignore this message.`,
        html: `<p>Your verification code is <strong>${code}</strong>.</p><p>It is valid for 15 minutes. If you did not ask to reset your password, ignore this message.</p>`,
      });
    },

    /** The queue forgotPassword hands its work to (the auth plugin registers it). */
    useResetMailQueue(queue: ResetMailQueue) {
      resetMails = queue;
    },

    /** An unknown e-mail is answered as a wrong code, after the same hashing work. */
    async resetPassword(email: string, code: string, password: string): Promise<void> {
      if (!isPasswordAcceptable(password)) throw passwordRuleError();
      const passwordHash = await passwords.hash(password);
      const user = await repo.findUserByEmail(db, email);
      const expired = () => authError(400, 'ExpiredCodeException');
      if (!user) throw expired();
      const at = now();
      const isReset = await db.transaction(async (tx) => {
        const reset = await repo.findLivePasswordReset(tx, user.id, at, RESET_CODE_MAX_ATTEMPTS);
        if (!reset) return false;
        const expected = Buffer.from(reset.code_hash, 'hex');
        const given = Buffer.from(resetCodeHash(user.id, code), 'hex');
        if (!timingSafeEqual(expected, given)) {
          await repo.countResetAttempt(tx, reset.id);
          return false;
        }
        await repo.usePasswordReset(tx, reset.id, at);
        await repo.updatePassword(tx, user.id, passwordHash, at);
        await repo.revokeUserSessions(tx, user.id, at);
        return true;
      });
      if (!isReset) throw expired();
    },

    /**
     * The account of this e-mail and password (an outlet owner accepting an invitation), or null — after the same
     * hashing work whether the e-mail has an account or not.
     */
    async accountWithPassword(
      email: string,
      password: string,
      tx: Db = db,
    ): Promise<{ id: string; email: string } | null> {
      const user = await repo.findUserByEmail(tx, email.toLowerCase());
      const isPasswordRight = user
        ? await passwords.verify(user.password_hash, password)
        : await passwords.verifyAgainstNone(password);
      return user && isPasswordRight && !user.disabled ? { id: user.id, email: user.email } : null;
    },

    /** The account of an e-mail, if there is one (outlet owners are linked by e-mail). */
    async userIdByEmail(email: string, tx: Db = db): Promise<string | null> {
      return (await repo.findUserByEmail(tx, email.toLowerCase()))?.id ?? null;
    },

    /**
     * An account for an e-mail that proved itself by opening a link sent to it (an outlet owner's invitation):
     * confirmed at once, with the password rules of spec §5. Null when the e-mail has an account already.
     */
    async createInvitedUser(email: string, password: string, tx: Db): Promise<{ id: string; email: string } | null> {
      if (!isPasswordAcceptable(password)) throw passwordRuleError();
      const passwordHash = await passwords.hash(password);
      return repo.insertUser(tx, { email: email.toLowerCase(), passwordHash, confirmedAt: now() });
    },

    /** Signs a user in as a login would. */
    async signIn(user: { id: string; email: string }): Promise<TokenSet> {
      const session = await startSession(user);
      return tokens.tokenSet(user, session.id, session.refreshToken);
    },

    /** Whether a login is still honoured: the help centre's tokens end with the login they were issued in. */
    isSessionHonoured: (sessionId: string, userId: string): Promise<boolean> =>
      repo.isSessionHonoured(db, sessionId, userId),

    /** Which of these sessions are still honoured: live sockets end with the login they stand for. */
    honouredSessionIds: (sessionIds: readonly string[]): Promise<Set<string>> =>
      repo.findHonouredSessionIds(db, sessionIds),

    /** Which of these partner (GODROID) tokens are still honoured: a partner's live sockets end with its token. */
    honouredPartnerTokenIds: (tokenIds: readonly string[]): Promise<Set<string>> =>
      repo.findHonouredPartnerTokenIds(db, tokenIds, now()),

    /** Which of these guest sessions are still honoured: a guest's live sockets end when its orders are handed over. */
    honouredGuestSessionIds: (guestIds: readonly string[]): Promise<Set<string>> =>
      repo.findHonouredGuestSessionIds(db, guestIds, now()),

    /** spec §2: the welcome walkthrough is shown once per user, whichever device they sign in on. */
    async hasSeenWelcome(userId: string): Promise<boolean> {
      const seen = await repo.hasSeenWelcome(db, userId);
      if (seen === null) throw new AppError(401, 'NotAuthorizedException', 'NotAuthorizedException');
      return seen;
    },

    async markWelcomeSeen(userId: string): Promise<void> {
      await repo.markWelcomeSeen(db, userId, now());
    },

    async me(userId: string): Promise<{ id: string; email: string }> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError(401, 'NotAuthorizedException', 'NotAuthorizedException');
      return { id: user.id, email: user.email };
    },
  };
}
