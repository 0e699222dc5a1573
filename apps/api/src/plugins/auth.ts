import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { authError } from '../errors.ts';
import {
  findHonouredPartnerTokenIds,
  findLivePartnerToken,
  isGuestSessionHonoured,
  isSessionHonoured,
} from '../modules/auth/repo.ts';
import { sha256, type Tokens } from '../modules/auth/tokens.ts';

/**
 * Who is calling: a logged-in vendor user, an embedded partner naming one restaurant, or a guest acting for
 * its own guest vendor (docs/decisions/080-guest-sessions.md).
 */
export type Caller =
  | { kind: 'user'; userId: string; sessionId: string }
  | { kind: 'godroid'; vendorId: string; tokenId: string }
  | { kind: 'guest'; vendorId: string; guestId: string };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a caller. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** OpenAPI security of the routes a vendor user or an embedded partner calls (plugins/docs.ts schemes). */
export const CALLER_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { godroid: [] }];

const unauthorised = () => authError(401, 'NotAuthorizedException');

/** A caller and the moment its token stops being honoured (live sockets close then). */
export interface CallerSession {
  caller: Caller;
  expiresAt: Date;
}

/**
 * spec §7 Authorization header: 'GoDroid {token}', 'Bearer {access}|{id}' or 'Bearer {token}' (an access
 * token, or a guest token). An access token is honoured only while its session is neither revoked nor its
 * user disabled; a partner token while it is neither revoked nor expired (only its sha256 is kept); a guest
 * token while its guest's orders have not been taken over by an account.
 */
export async function sessionFromHeader(header: string | undefined, tokens: Tokens, db: Db): Promise<CallerSession> {
  if (!header) throw unauthorised();
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  try {
    if (scheme === 'GoDroid') {
      const row = value ? await findLivePartnerToken(db, sha256(value), tokens.now()) : null;
      if (!row) throw unauthorised();
      return { caller: { kind: 'godroid', vendorId: row.vendor_id, tokenId: row.id }, expiresAt: row.expires_at };
    }
    if (scheme !== 'Bearer') throw unauthorised();
    const [access = '', id] = value.split('|');
    if (!id) {
      const guest = await tokens.verifyGuest(access).catch(() => null);
      if (guest) {
        if (!(await isGuestSessionHonoured(db, guest.guestId, guest.vendorId, tokens.now()))) throw unauthorised();
        return {
          caller: { kind: 'guest', vendorId: guest.vendorId, guestId: guest.guestId },
          expiresAt: guest.expiresAt,
        };
      }
    }
    const claims = await tokens.verifyAccess(access);
    if (id) {
      const identity = await tokens.verifyId(id);
      if (identity.userId !== claims.userId) throw unauthorised();
    }
    if (!(await isSessionHonoured(db, claims.sessionId, claims.userId))) throw unauthorised();
    return {
      caller: { kind: 'user', userId: claims.userId, sessionId: claims.sessionId },
      expiresAt: claims.expiresAt,
    };
  } catch (error) {
    // A database that cannot answer says nothing about the token: a 401 would sign the merchant out
    // during a restart. The error handler answers 503 instead, and the browser tries again.
    if (isDatabaseUnavailable(error)) throw error;
    throw unauthorised();
  }
}

/**
 * Whether a caller taken from a request earlier (a queued job's starter) may still act as it did: its login
 * still honoured, or its partner token unrevoked and unexpired, as a request of now would be checked. A partner
 * caller queued before callers carried their token's id cannot be told apart, so it may not; nor may a guest,
 * whose caller names no guest session.
 */
export async function isCallerStillHonoured(db: Db, caller: Caller, now: Date): Promise<boolean> {
  switch (caller.kind) {
    case 'user':
      return isSessionHonoured(db, caller.sessionId, caller.userId);
    case 'godroid':
      return (
        caller.tokenId !== '' && (await findHonouredPartnerTokenIds(db, [caller.tokenId], now)).has(caller.tokenId)
      );
    case 'guest':
      return false;
  }
}

export function setupAuth(app: FastifyInstance, tokens: Tokens, db: Db): void {
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.caller = (await sessionFromHeader(request.headers.authorization, tokens, db)).caller;
  });
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorised();
  return request.caller;
}

/** Guests request riders and follow their own orders; merchant tools (bulk orders, exports) are not theirs. */
export function requireMerchantOrPartner(request: FastifyRequest): Exclude<Caller, { kind: 'guest' }> {
  const caller = requireCaller(request);
  if (caller.kind === 'guest') throw authError(403, 'NotAuthorizedException');
  return caller;
}

export function requireUser(request: FastifyRequest): Extract<Caller, { kind: 'user' }> {
  const caller = requireCaller(request);
  if (caller.kind !== 'user') throw authError(403, 'NotAuthorizedException');
  return caller;
}
