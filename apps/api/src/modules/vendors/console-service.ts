import { VENDOR_AUDIT_ACTIONS } from '@riderdesk/domain/console/vendor-audit';
import type {
  ConsoleOutlet,
  ConsoleOutletApproveBody,
  ConsoleVendor,
  ConsoleVendorCode,
  ConsoleVendorCodeBody,
  ConsoleVendorSearchQuery,
  ConsoleVendorSettingsBody,
  ConsoleVendorState,
  ConsoleVendorSummary,
} from '@riderdesk/domain/contracts/console-vendors';
import { CONSOLE_VENDOR_PAGE_SIZE } from '@riderdesk/domain/contracts/console-vendors';
import type { FlagName } from '@riderdesk/domain/contracts/flags';
import type { DeliveryArea } from '@riderdesk/domain/delivery-area';
import { fromMinor } from '@riderdesk/domain/money';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { FlagService } from '../flags/service.ts';
import { recordAudit } from '../operators/audit.ts';
import type { ConsoleOperator } from '../operators/model.ts';
import * as consoleRepo from './console-repo.ts';
import type { VendorRow } from './model.ts';
import { decideOutlet } from './outlet-decisions.ts';
import { newRegistrationCode } from './registration-code.ts';
import * as repo from './repo.ts';

export type ConsoleVendorService = ReturnType<typeof consoleVendorService>;

export const CONSOLE_VENDOR_ERRORS = {
  notFound: 'console.vendors.error.not-found',
  notAnOutlet: 'console.vendors.error.not-an-outlet',
  registered: 'console.vendors.error.registered',
  contactEmail: 'console.vendors.error.contact-email',
} as const;

const notFound = () => keyedError(404, 'NotFound', CONSOLE_VENDOR_ERRORS.notFound, 'vendorId');
const notAnOutlet = () => keyedError(409, 'Conflict', CONSOLE_VENDOR_ERRORS.notAnOutlet, 'vendorId');
const RECENT_ORDERS = 20;

const areaOf = (area: DeliveryArea | null): ConsoleOutlet['delivery_area'] =>
  area?.type === 'polygon' ? { type: 'polygon', coordinates: area.coordinates.map(([lng, lat]) => [lng, lat]) } : area;

const stateOf = (row: { is_active: boolean; is_pending: boolean }): ConsoleVendorState =>
  row.is_pending ? 'pending' : row.is_active ? 'active' : 'inactive';

const summaryOf = (row: consoleRepo.ConsoleVendorSummaryRow): ConsoleVendorSummary => ({
  vendor_id: row.vendor_id,
  parent_vendor_id: row.parent_vendor_id,
  name: row.name,
  is_parent: row.is_parent,
  state: stateOf(row),
  city: row.city,
  registration_type: row.registration_type,
  outlet_count: row.outlet_count,
});

/**
 * The console's Vendors and outlets page (issue 36, decision 180): every merchant's vendors, their collection
 * points' approval (outlet-decisions.ts, shared with the command line), payment methods, flags, vendor codes.
 */
export function consoleVendorService({ db, flags, now }: { db: Db; flags: FlagService; now: () => Date }) {
  async function outletOf(tx: Db, row: VendorRow): Promise<ConsoleOutlet> {
    const [summary] = await consoleRepo.summariesOf(tx, [row.vendor_id]);
    return {
      ...summaryOf(summary!),
      address_text: row.address_text,
      latitude: row.latitude,
      longitude: row.longitude,
      delivery_area: areaOf(row.delivery_area),
    };
  }

  async function existing(tx: Db, vendorId: string): Promise<VendorRow> {
    const row = await repo.findVendor(tx, vendorId);
    if (!row || row.is_guest) throw notFound();
    return row;
  }

  async function settingsState(tx: Db, row: VendorRow) {
    return {
      payment_methods: row.payment_methods,
      flags: await flags.ownOf(row.vendor_id, tx),
      registration_type: await consoleRepo.registrationTypeOf(tx, row.vendor_id),
    };
  }

  async function decide(vendorId: string, decision: Parameters<typeof decideOutlet>[2]) {
    return db.transaction(async (tx) => {
      await existing(tx, vendorId);
      const after = await decideOutlet(tx, vendorId, decision);
      if (!after) throw notAnOutlet();
      return outletOf(tx, after);
    });
  }

  return {
    async search(query: ConsoleVendorSearchQuery): Promise<ConsoleVendorSummary[]> {
      const rows = await consoleRepo.searchVendors(db, {
        q: query.q || undefined,
        state: query.state,
        limit: query.limit ?? CONSOLE_VENDOR_PAGE_SIZE,
      });
      return rows.map(summaryOf);
    },

    async get(vendorId: string): Promise<ConsoleVendor> {
      const row = await existing(db, vendorId);
      const outletIds = await repo.vendorIdsUnder(db, vendorId);
      const children = outletIds.filter((id) => id !== vendorId);
      const outletRows = (await repo.listVendors(db, children)).filter((outlet) => outlet.vendor_id !== vendorId);
      const outlets = [];
      for (const outlet of outletRows) outlets.push(await outletOf(db, outlet));
      const linked = await consoleRepo.userEmailsOf(db, vendorId);
      const emails = [...new Set([...linked, ...row.owners])].sort();
      const orders = await consoleRepo.recentOrdersOf(db, [vendorId, ...children], RECENT_ORDERS);
      return {
        ...(await outletOf(db, row)),
        currency: row.currency,
        contact_email: row.contact_email,
        phone: row.phone,
        registration_code: row.registration_code,
        is_registered: row.is_registered,
        payment_methods: row.payment_methods,
        flags: await flags.ownOf(vendorId),
        outlets,
        users: emails.map((email) => ({ email, has_account: linked.includes(email) })),
        recent_orders: orders.map((order) => ({
          order_id: order.order_id,
          vendor_id: order.vendor_id,
          status: order.status,
          created_at: order.created_at.toISOString(),
          delivery_fee: fromMinor(order.delivery_fee_minor, order.currency),
        })),
      };
    },

    /** A pending (or deactivated) collection point made active with the delivery area the operator checked. */
    approveOutlet(by: ConsoleOperator, vendorId: string, body: ConsoleOutletApproveBody): Promise<ConsoleOutlet> {
      return decide(vendorId, { isActive: true, area: body.delivery_area, operatorId: by.id, at: now() });
    },

    /** Active again with the area it had, or out of service (its orders are refused). */
    setOutletActive(by: ConsoleOperator, vendorId: string, isActive: boolean): Promise<ConsoleOutlet> {
      return decide(vendorId, { isActive, area: 'keep', operatorId: by.id, at: now() });
    },

    async updateSettings(
      by: ConsoleOperator,
      vendorId: string,
      body: ConsoleVendorSettingsBody,
    ): Promise<ConsoleVendor> {
      await db.transaction(async (tx) => {
        const before = await existing(tx, vendorId);
        const beforeState = await settingsState(tx, before);
        if (body.payment_methods) await consoleRepo.setPaymentMethods(tx, vendorId, body.payment_methods);
        for (const [name, value] of Object.entries(body.flags ?? {})) {
          await flags.setFor(name as FlagName, { vendorId }, value ?? null, tx);
        }
        if (body.registration_type !== undefined) {
          await consoleRepo.setRegistrationType(tx, vendorId, body.registration_type);
        }
        await recordAudit(tx, {
          at: now(),
          operatorId: by.id,
          action: VENDOR_AUDIT_ACTIONS.updateSettings,
          target: { type: 'vendor', id: vendorId },
          before: beforeState,
          after: await settingsState(tx, await existing(tx, vendorId)),
        });
      });
      return this.get(vendorId);
    },

    /**
     * A new vendor code (spec §5 registration with a vendor code): the earlier one stops working. Refused once an
     * account is linked, as registration with it would be.
     */
    async issueCode(by: ConsoleOperator, vendorId: string, body: ConsoleVendorCodeBody): Promise<ConsoleVendorCode> {
      return db.transaction(async (tx) => {
        const before = await existing(tx, vendorId);
        if (before.is_registered) throw keyedError(409, 'Conflict', CONSOLE_VENDOR_ERRORS.registered, 'vendorId');
        const contactEmail = (body.contact_email ?? before.contact_email ?? before.owners[0] ?? null)?.toLowerCase();
        if (!contactEmail)
          throw keyedError(400, 'ValidationError', CONSOLE_VENDOR_ERRORS.contactEmail, 'contact_email');
        const code = newRegistrationCode();
        await repo.setRegistration(tx, vendorId, { code, contactEmail });
        if ((await consoleRepo.registrationTypeOf(tx, vendorId)) === null) {
          await consoleRepo.setRegistrationType(tx, vendorId, 'PV');
        }
        // The code itself is a credential for registering: the log says that it changed, not what it is.
        await recordAudit(tx, {
          at: now(),
          operatorId: by.id,
          action: VENDOR_AUDIT_ACTIONS.issueCode,
          target: { type: 'vendor', id: vendorId },
          before: { has_code: before.registration_code !== null, contact_email: before.contact_email },
          after: { has_code: true, contact_email: contactEmail },
        });
        return { registration_code: code, contact_email: contactEmail };
      });
    },
  };
}
