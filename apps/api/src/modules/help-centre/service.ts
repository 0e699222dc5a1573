import type { HelpCentreInitBody, SupportOrder, SupportTicketBody } from '@riderdesk/domain/contracts/help-centre';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { VendorService } from '../vendors/service.ts';
import * as repo from './repo.ts';
import type { HelpCentreClaims, HelpCentreTokens } from './tokens.ts';

export type HelpCentreService = ReturnType<typeof helpCentreService>;

/** How many of the vendor's newest orders the frame's order picker offers. */
export const SUPPORT_ORDER_PICKER_SIZE = 30;

export interface HelpCentreDeps {
  db: Db;
  now: () => Date;
  tokens: HelpCentreTokens;
  vendors: VendorService;
  orders: OrderRecords;
  mailer: Mailer;
  /** The signed-in user's e-mail (auth module). */
  emailOf: (userId: string) => Promise<string>;
  /** Whether a login is still honoured: not logged out or revoked, its user not disabled (auth module). */
  isSessionHonoured: (sessionId: string, userId: string) => Promise<boolean>;
  serviceName: string;
  /** Where the frame is served: HELP_CENTRE_URL, or this server's /help-centre. */
  frameBase: string;
  /** spec §3 global_entity_id: 'ODR_' plus the deployment's country. */
  globalEntityId: string;
}

/** spec §8: the token request and the init are denied as 'help-center.failed'. */
export const helpCentreFailed = (status = 401) => keyedError(status, 'HelpCentreFailed', 'help-center.failed');

export function helpCentreService(deps: HelpCentreDeps) {
  /**
   * A help centre token is honoured only while the login it was issued in is, and while its user still has the
   * vendor: checked on every call, so a logout or an owner's removal ends the help centre at once, not when the
   * token expires.
   */
  async function honoured(claims: HelpCentreClaims | null): Promise<HelpCentreClaims> {
    if (!claims || !(await deps.isSessionHonoured(claims.sessionId, claims.userId))) throw helpCentreFailed();
    const caller: Caller = { kind: 'user', userId: claims.userId, sessionId: claims.sessionId };
    await deps.vendors.assertCallerVendor(caller, claims.vendorId).catch(() => {
      throw helpCentreFailed();
    });
    return claims;
  }

  return {
    /** GET /vendor/{id}/hc_jwt_token: for a signed-in user, only for one of their vendors. */
    async tokenFor(caller: Caller, vendorId: string): Promise<string> {
      if (caller.kind !== 'user') throw helpCentreFailed(403);
      await deps.vendors.vendorOfCaller(caller, vendorId);
      const email = await deps.emailOf(caller.userId);
      return deps.tokens.sign('hc', { userId: caller.userId, sessionId: caller.sessionId, email, vendorId });
    },

    /**
     * POST {host}/conditions-api/v1/init: the payload must carry a valid token naming the same user, and
     * this deployment's entity; the answer is the frame's address, with its own token in the fragment so
     * it never reaches a server log.
     */
    async init(body: HelpCentreInitBody): Promise<{ url: string }> {
      const claims = await deps.tokens.verify('hc', body.verification_token);
      if (!claims || claims.userId !== body.user_id || body.guest) throw helpCentreFailed();
      if (body.global_entity_id !== deps.globalEntityId) throw helpCentreFailed(400);
      await honoured(claims);
      const frameToken = await deps.tokens.sign('hc-frame', claims);
      const query = new URLSearchParams({ locale: body.locale, country: body.country });
      return { url: `${deps.frameBase}/frame?${query.toString()}#token=${frameToken}` };
    },

    /** The frame's caller, from its bearer token; 401 'help-center.failed' otherwise. */
    async frameCaller(authorization: string | undefined): Promise<HelpCentreClaims> {
      const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null;
      return honoured(token ? await deps.tokens.verify('hc-frame', token) : null);
    },

    async ordersOf(claims: HelpCentreClaims): Promise<SupportOrder[]> {
      const rows = await deps.orders.recentOfVendor(claims.vendorId, SUPPORT_ORDER_PICKER_SIZE);
      return rows.map((row) => ({
        order_id: row.order_id,
        created_at: row.created_at.toISOString(),
        status: row.status,
        customer_name: row.customer_name,
      }));
    },

    /** Opens a ticket about one of the vendor's orders and confirms it by e-mail. */
    async openTicket(claims: HelpCentreClaims, body: SupportTicketBody): Promise<string> {
      const order = await deps.orders.ofVendor(body.order_id, claims.vendorId);
      // Another merchant's order answers like an unknown one, so ids cannot be probed.
      if (!order) throw new AppError(404, 'NotFound', 'help-center.order-not-found');
      const ticketNumber = await repo.insertTicket(deps.db, {
        vendorId: claims.vendorId,
        orderId: order.order_id,
        userId: claims.userId,
        email: claims.email,
        message: body.message,
        createdAt: deps.now(),
      });
      await deps.mailer.send({
        to: claims.email,
        subject: `${deps.serviceName} support ticket ${ticketNumber} about order ${order.order_id}`,
        text: [
          `We have received your request about order ${order.order_id} and opened ticket ${ticketNumber}.`,
          'Our support team will answer you by e-mail. Your message:',
          '',
          body.message,
        ].join('\n'),
      });
      return ticketNumber;
    },

    listTickets: (options: { all: boolean; limit: number }) => repo.listTickets(deps.db, options),
  };
}
