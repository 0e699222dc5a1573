import { InstantInputSchema } from '@riderdesk/domain/contracts/common';
import type { OrderListAnswer, OrderListQuery } from '@riderdesk/domain/contracts/order-list';
import { OrderIdSchema } from '@riderdesk/domain/contracts/orders';
import { guestSearchRefusal } from '@riderdesk/domain/guest/guest-rules';
import { drillOf, type HistoryDrill, hasDrill } from '@riderdesk/domain/insights/drill';
import { compactSearchTerm } from '@riderdesk/domain/order-history';
import { delayedBucketOfFilter, type StatusFilter, statusesOfFilter } from '@riderdesk/domain/order-status';
import { completePhoneDigits, normalisePhoneNumber, phoneDigits, phoneSearchDigits } from '@riderdesk/domain/phone';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorService } from '../vendors/service.ts';
import { toOrderView } from './order-view.ts';
import { findOrderPage, type OrderPageQuery } from './repo.ts';

export type OrderListService = ReturnType<typeof orderListService>;

interface Cursor {
  /** created_at with microseconds, as PostgreSQL keeps it. */
  at: string;
  id: string;
}

const badKey = () => keyedError(400, 'ValidationError', 'error.pagination-key.invalid', 'pagination_key');

/** The key is opaque to clients (base64url JSON); its content is checked before it reaches SQL. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeCursor(key: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2) throw badKey();
    const [at, id] = value as unknown[];
    // A forged key is held to the same contracts as the values it stands for: it reaches SQL as text.
    const instant = InstantInputSchema.safeParse(at);
    const orderId = OrderIdSchema.safeParse(id);
    if (!instant.success || !orderId.success) throw badKey();
    return { at: instant.data, id: orderId.data };
  } catch {
    throw badKey();
  }
}

/** The status filter and search of spec §4 as the repository takes them. */
export function historyFilters(
  query: { status?: StatusFilter | undefined; search?: string | undefined } & HistoryDrill,
  country: { phonePrefix: string; code: string; timeZone: string },
  now: Date = new Date(),
): Pick<OrderPageQuery, 'statuses' | 'delayedBucket' | 'search' | 'preorderedAfter' | 'drill'> {
  const compact = compactSearchTerm(query.search ?? '');
  const drill = drillOf(query);
  return {
    drill: hasDrill(drill) ? { ...drill, timeZone: country.timeZone } : null,
    statuses: statusesOfFilter(query.status ?? 'ANY'),
    // SCHEDULED: the pre-orders whose time is still to come.
    preorderedAfter: query.status === 'SCHEDULED' ? now.toISOString() : null,
    delayedBucket: delayedBucketOfFilter(query.status ?? 'ANY'),
    search: compact
      ? {
          compact,
          phoneDigits: phoneSearchDigits(compact, country.phonePrefix),
          wholePhoneDigits: completePhoneDigits(query.search ?? '', country.code),
        }
      : null,
  };
}

/** GET /vendor/{vendorId}/orders (spec §7): newest first, keyset pages on (created_at, order_id). */
export function orderListService({
  db,
  vendors,
  phonePrefix,
  countryCode,
  timeZone,
  now,
}: {
  db: Db;
  vendors: VendorService;
  phonePrefix: string;
  countryCode: string;
  timeZone: string;
  now: () => Date;
}) {
  return {
    async list(caller: Caller, vendorId: string, query: OrderListQuery): Promise<OrderListAnswer['result']> {
      // The caller's access is checked beside the page read (one round trip instead of two); whatever else
      // fails, a vendor that is not the caller's answers 403 first and the rows read are dropped.
      const access = vendors.assertCallerVendor(caller, vendorId);
      let rows: Awaited<ReturnType<typeof findOrderPage>>;
      try {
        // spec §5: a guest searches by a valid phone only, never by order id.
        const guestRefusal =
          caller.kind === 'guest' && query.search ? guestSearchRefusal(query.search, countryCode) : null;
        if (guestRefusal) throw keyedError(400, 'InvalidParameterException', guestRefusal, 'search');
        const page = findOrderPage(db, {
          vendorId,
          includeOutlets: query.include_outlets === true,
          // spec §7: scheduled=true asks for pre-orders by their pre-ordered time instead of their creation.
          isScheduled: query.scheduled === true,
          from: query.from ?? null,
          to: query.to ?? null,
          // One customer's number, however it is spelt: compared as the digits of its E.164.
          customerPhone: query.customer_phone_number
            ? phoneDigits(normalisePhoneNumber(query.customer_phone_number, countryCode))
            : null,
          ...historyFilters(query, { phonePrefix, code: countryCode, timeZone }, now()),
          after: query.pagination_key ? decodeCursor(query.pagination_key) : null,
          limit: query.count + 1,
        });
        [, rows] = await Promise.all([access, page]);
      } catch (error) {
        await access;
        throw error;
      }
      const page = rows.slice(0, query.count);
      const last = page.at(-1);
      return {
        data: page.map(toOrderView),
        pagination: {
          pagination_key:
            rows.length > query.count && last ? encodeCursor({ at: last.cursor_at, id: last.order_id }) : null,
        },
      };
    },
  };
}
