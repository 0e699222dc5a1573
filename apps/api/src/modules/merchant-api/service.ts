import type { ApiClientCreateBody, ApiClientSecretBody, TokenRequest } from '@riderdesk/domain/contracts/merchant-api';
import type { ApiAuditQuery } from '@riderdesk/domain/contracts/merchant-api-audit';
import { MERCHANT_API_BASE, TOKEN_PATH } from '@riderdesk/domain/merchant-api/credentials';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorService } from '../vendors/service.ts';
import { AccessTokens } from './access-tokens.ts';
import { AuditBuffer } from './audit-buffer.ts';
import { CallerCache } from './caller-cache.ts';
import type { MerchantApiDeps } from './deps.ts';
import { type ApiCaller, apiCallerOf, outletList } from './workflows/api-caller.ts';
import { deleteOldCalls, listAudit } from './workflows/audit.ts';
import { addKey, createClient, listClients, revokeClient, revokeKey, rotateSecret } from './workflows/clients.ts';
import { issueToken } from './workflows/token.ts';

export type MerchantApiService = ReturnType<typeof merchantApiService>;
export type { ApiCaller };

type UserCaller = Extract<Caller, { kind: 'user' }>;

/** The merchant API's credentials (issue 35, decision 151): clients, keys, tokens, the API caller. */
export function merchantApiService({
  db,
  config,
  vendors,
  now,
  log = null,
}: {
  db: Db;
  config: AppConfig;
  vendors: VendorService;
  now: Clock;
  log?: FastifyBaseLogger | null;
}) {
  const deps: MerchantApiDeps = {
    db,
    vendors,
    accessTokens: new AccessTokens(config.authSecret, now, config.previousAuthSecrets),
    environment: config.deployment.environment,
    tokenUrl: `${config.publicUrl}${MERCHANT_API_BASE}${TOKEN_PATH}`,
    now,
    callers: new CallerCache(),
    touchedAt: new Map(),
  };
  const audit = new AuditBuffer(db, log);
  return {
    now,
    tokenUrl: deps.tokenUrl,
    createClient: (caller: UserCaller, body: ApiClientCreateBody) => createClient(deps, caller, body),
    listClients: (caller: UserCaller) => listClients(deps, caller),
    addKey: (caller: UserCaller, clientId: string, pem: string) => addKey(deps, caller, clientId, pem),
    revokeKey: (caller: UserCaller, clientId: string, keyId: string) => revokeKey(deps, caller, clientId, keyId),
    rotateSecret: (caller: UserCaller, clientId: string, body: ApiClientSecretBody) =>
      rotateSecret(deps, caller, clientId, body),
    revokeClient: (caller: UserCaller, clientId: string) => revokeClient(deps, caller, clientId),
    /** Callers of access tokens kept briefly; the listener of api_client_changes empties them. */
    callers: deps.callers,
    /** Every merchant API call, written in batches. */
    audit,
    listAudit: async (caller: UserCaller, query: ApiAuditQuery) => {
      // This instance's own last calls are in the list at once; another instance's within its flush interval.
      await audit.flush();
      return listAudit(deps, caller, query);
    },
    deleteOldCalls: () => deleteOldCalls(deps),
    issueToken: (request: TokenRequest) => issueToken(deps, request),
    apiCallerOf: (header: string | undefined) => apiCallerOf(deps, header),
    outletList: (caller: ApiCaller) => outletList(deps, caller),
  };
}
