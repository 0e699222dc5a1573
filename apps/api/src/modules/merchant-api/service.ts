import type { ApiClientCreateBody, TokenRequest } from '@riderdesk/domain/contracts/merchant-api';
import { MERCHANT_API_BASE, TOKEN_PATH } from '@riderdesk/domain/merchant-api/credentials';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorService } from '../vendors/service.ts';
import { AccessTokens } from './access-tokens.ts';
import type { MerchantApiDeps } from './deps.ts';
import { type ApiCaller, apiCallerOf, outletList } from './workflows/api-caller.ts';
import { addKey, createClient, listClients, revokeClient, revokeKey } from './workflows/clients.ts';
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
}: {
  db: Db;
  config: AppConfig;
  vendors: VendorService;
  now: Clock;
}) {
  const deps: MerchantApiDeps = {
    db,
    vendors,
    accessTokens: new AccessTokens(config.authSecret, now, config.previousAuthSecrets),
    environment: config.deployment.environment,
    tokenUrl: `${config.publicUrl}${MERCHANT_API_BASE}${TOKEN_PATH}`,
    now,
  };
  return {
    tokenUrl: deps.tokenUrl,
    createClient: (caller: UserCaller, body: ApiClientCreateBody) => createClient(deps, caller, body),
    listClients: (caller: UserCaller) => listClients(deps, caller),
    addKey: (caller: UserCaller, clientId: string, pem: string) => addKey(deps, caller, clientId, pem),
    revokeKey: (caller: UserCaller, clientId: string, keyId: string) => revokeKey(deps, caller, clientId, keyId),
    revokeClient: (caller: UserCaller, clientId: string) => revokeClient(deps, caller, clientId),
    issueToken: (request: TokenRequest) => issueToken(deps, request),
    apiCallerOf: (header: string | undefined) => apiCallerOf(deps, header),
    outletList: (caller: ApiCaller) => outletList(deps, caller),
  };
}
