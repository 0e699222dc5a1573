import { timingSafeEqual } from 'node:crypto';
import type { OAuthErrorCode, TokenAnswer, TokenRequest } from '@riderdesk/domain/contracts/merchant-api';
import {
  API_ACCESS_TOKEN_TTL_S,
  assertionExpiryProblem,
  CLIENT_CREDENTIALS_GRANT,
  JWT_BEARER_ASSERTION_TYPE,
} from '@riderdesk/domain/merchant-api/credentials';
import { decodeJwt, decodeProtectedHeader, errors, importSPKI, jwtVerify } from 'jose';
import { sha256 } from '../../auth/tokens.ts';
import type { MerchantApiDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export type TokenOutcome =
  | { ok: true; answer: TokenAnswer }
  | { ok: false; status: 400 | 401; error: OAuthErrorCode; description: string };

const refused = (status: 400 | 401, error: OAuthErrorCode, description: string): TokenOutcome => ({
  ok: false,
  status,
  error,
  description,
});
/** RFC 6749 §5.2: a client that fails to authenticate is invalid_client, 401. */
const unknownClient = (description = 'Client authentication failed') => refused(401, 'invalid_client', description);

function sameHash(secret: string, hash: string | null): boolean {
  if (hash === null) return false;
  const given = Buffer.from(sha256(secret), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** The client's secret, or the one it replaced while that still works (decision 167). */
function isClientSecret(client: repo.ApiClientRow, secret: string, now: Date): boolean {
  const isPreviousLive =
    client.previous_secret_expires_at !== null && client.previous_secret_expires_at.getTime() > now.getTime();
  return sameHash(secret, client.secret_hash) || (isPreviousLive && sameHash(secret, client.previous_secret_hash));
}

/** The client an RS256 assertion authenticates (RFC 7523 §3), or why it does not. */
async function clientOfAssertion(
  deps: MerchantApiDeps,
  assertion: string,
  clientIdParam: string | undefined,
): Promise<repo.ApiClientRow | TokenOutcome> {
  let kid: string | undefined;
  let issuer: unknown;
  try {
    kid = decodeProtectedHeader(assertion).kid;
    issuer = decodeJwt(assertion).iss;
  } catch (error) {
    if (!(error instanceof errors.JOSEError) && !(error instanceof TypeError)) throw error;
    return refused(400, 'invalid_request', 'client_assertion is not a JWT');
  }
  if (typeof issuer !== 'string' || !kid) return unknownClient();
  if (clientIdParam !== undefined && clientIdParam !== issuer) return unknownClient();
  const client = await repo.findLiveClient(deps.db, issuer);
  const key = client ? await repo.findLiveKey(deps.db, client.client_id, kid) : null;
  if (!client || !key) return unknownClient();
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(assertion, await importSPKI(key.public_key_pem, 'RS256'), {
      algorithms: ['RS256'],
      issuer: client.client_id,
      subject: client.client_id,
      audience: deps.tokenUrl,
      requiredClaims: ['exp', 'jti'],
      currentDate: deps.now(),
    }));
  } catch (error) {
    if (!(error instanceof errors.JOSEError)) throw error;
    return unknownClient(error instanceof errors.JWTExpired ? 'client_assertion has expired' : undefined);
  }
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const exp = payload.exp ?? 0;
  const problem = assertionExpiryProblem(exp, nowSeconds);
  if (problem === 'expired') return unknownClient('client_assertion has expired');
  if (problem === 'too-far') return unknownClient('client_assertion expires too far in the future');
  const jti = payload.jti ?? '';
  if (jti.length === 0 || jti.length > 200) return unknownClient('client_assertion needs a jti');
  if (!(await repo.useAssertion(deps.db, client.client_id, jti, new Date(exp * 1000), deps.now()))) {
    return unknownClient('client_assertion was used before');
  }
  return client;
}

/** POST /oauth2/token: client credentials, the client authenticated by an assertion or its secret. */
export async function issueToken(deps: MerchantApiDeps, request: TokenRequest): Promise<TokenOutcome> {
  if (!request.grant_type) return refused(400, 'invalid_request', 'grant_type is required');
  if (request.grant_type !== CLIENT_CREDENTIALS_GRANT) {
    return refused(400, 'unsupported_grant_type', 'Only client_credentials is supported');
  }
  let client: repo.ApiClientRow | TokenOutcome;
  if (request.client_assertion !== undefined || request.client_assertion_type !== undefined) {
    if (request.client_assertion_type !== JWT_BEARER_ASSERTION_TYPE || !request.client_assertion) {
      return refused(400, 'invalid_request', `client_assertion_type must be ${JWT_BEARER_ASSERTION_TYPE}`);
    }
    client = await clientOfAssertion(deps, request.client_assertion, request.client_id);
  } else if (request.client_id && request.client_secret) {
    const found = await repo.findLiveClient(deps.db, request.client_id);
    client = found && isClientSecret(found, request.client_secret, deps.now()) ? found : unknownClient();
  } else {
    return refused(400, 'invalid_request', 'client_assertion or client_id and client_secret are required');
  }
  if ('ok' in client) return client;
  // A client is bound to the environment it was made in: a sandbox client gets no token on production.
  if (client.environment !== deps.environment) return unknownClient('The client belongs to another environment');
  await repo.touchClient(deps.db, client.client_id, deps.now());
  return {
    ok: true,
    answer: {
      access_token: await deps.accessTokens.sign(client.client_id, API_ACCESS_TOKEN_TTL_S, deps.environment),
      token_type: 'Bearer',
      expires_in: API_ACCESS_TOKEN_TTL_S,
    },
  };
}
