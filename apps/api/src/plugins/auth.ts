import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { authError } from '../errors.ts';
import { isSessionHonoured } from '../modules/auth/repo.ts';
import type { Tokens } from '../modules/auth/tokens.ts';

/** Who is calling: a logged-in vendor user, or an embedded partner naming one restaurant. */
export type Caller = { kind: 'user'; userId: string; sessionId: string } | { kind: 'godroid'; vendorId: string };

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
 * spec §7 Authorization header: 'GoDroid {token}', 'Bearer {access}|{id}' or 'Bearer {token}'.
 * An access token is honoured only while its session is neither revoked nor its user disabled.
 */
export async function sessionFromHeader(header: string | undefined, tokens: Tokens, db: Db): Promise<CallerSession> {
  if (!header) throw unauthorised();
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  try {
    if (scheme === 'GoDroid') {
      const { vendorId, expiresAt } = await tokens.verifyGodroid(value);
      return { caller: { kind: 'godroid', vendorId }, expiresAt };
    }
    if (scheme !== 'Bearer') throw unauthorised();
    const [access = '', id] = value.split('|');
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
  } catch {
    throw unauthorised();
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

export function requireUser(request: FastifyRequest): Extract<Caller, { kind: 'user' }> {
  const caller = requireCaller(request);
  if (caller.kind !== 'user') throw authError(403, 'NotAuthorizedException');
  return caller;
}
