import type { ApiOutletBody } from '@riderdesk/domain/contracts/merchant-api';
import type { InvitationLimiter } from '../vendors/outlet-service.ts';
import type { ApiCaller } from './workflows/api-caller.ts';
import { getOutlet, type MerchantApiOutletDeps, putOutlet } from './workflows/outlets.ts';

export type MerchantApiOutletService = ReturnType<typeof merchantApiOutletService>;

/** pandago's outlet routes over the portal's collection point service (issue 35, decision 162). */
export function merchantApiOutletService(deps: MerchantApiOutletDeps) {
  return {
    get: (caller: ApiCaller, clientVendorId: string) => getOutlet(deps, caller, clientVendorId),
    put: (caller: ApiCaller, clientVendorId: string, body: ApiOutletBody, limitInvitations: InvitationLimiter) =>
      putOutlet(deps, caller, clientVendorId, body, limitInvitations),
  };
}
