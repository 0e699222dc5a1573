import { InstantInputSchema } from '@riderdesk/domain/contracts/common';
import type { OrderListAnswer, OrderListQuery } from '@riderdesk/domain/contracts/order-list';
import { OrderIdSchema } from '@riderdesk/domain/contracts/orders';
import type { Db, SqlParam } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorService } from '../vendors/service.ts';
import { vendorOfCaller } from '../vendors/vendor-access.ts';
import { toOrderView } from './order-view.ts';
import { type OrderRow, selectOrders } from './repo.ts';

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

const CURSOR_COLUMN = `to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,`;

/** GET /vendor/{vendorId}/orders (spec §7): newest first, keyset pages on (created_at, order_id). */
export function orderListService({ db, vendors }: { db: Db; vendors: VendorService }) {
  return {
    async list(caller: Caller, vendorId: string, query: OrderListQuery): Promise<OrderListAnswer['result']> {
      await vendorOfCaller(db, vendors, caller, vendorId);
      const params: SqlParam[] = [vendorId];
      const param = (value: SqlParam) => {
        params.push(value);
        return `$${params.length}`;
      };
      const where = [query.include_outlets ? '(o.vendor_id = $1 or v.parent_vendor_id = $1)' : 'o.vendor_id = $1'];
      // spec §7: scheduled=true asks for pre-orders by their pre-ordered time instead of their creation.
      const timeColumn = query.scheduled ? 'o.preordered_for' : 'o.created_at';
      if (query.scheduled) where.push('o.preordered_for is not null');
      if (query.from) where.push(`${timeColumn} >= ${param(query.from)}::timestamptz`);
      if (query.to) where.push(`${timeColumn} <= ${param(query.to)}::timestamptz`);
      if (query.customer_phone_number) {
        // spec §4 search ignores spaces.
        where.push(`replace(o.customer_phone, ' ', '') = ${param(query.customer_phone_number.replaceAll(' ', ''))}`);
      }
      if (query.pagination_key) {
        const cursor = decodeCursor(query.pagination_key);
        where.push(`(o.created_at, o.order_id) < (${param(cursor.at)}::timestamptz, ${param(cursor.id)})`);
      }
      const rows = await db.query<OrderRow & { cursor_at: string }>(
        `${selectOrders(CURSOR_COLUMN)}
          where ${where.join(' and ')}
          order by o.created_at desc, o.order_id desc
          limit ${param(query.count + 1)}`,
        params,
      );
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
