import type {
  DurationRollup,
  FinishedRollup,
  HourRollup,
  InsightsPeriodName,
} from '@riderdesk/domain/insights/assemble';
import type { DurationMeasure } from '@riderdesk/domain/insights/figures';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import type { Db, SqlParam } from '../../db/db.ts';
import { minutesBetween, REQUESTED_AT } from '../orders/order-measures.ts';

// The insights rollups (migration 157, docs/decisions/172-insights-rollups.md). One SELECT says what a finished
// order adds to them (`factsOf`); the step that finishes an order adds its facts, the rebuild adds every order's,
// and the check compares what is stored with that recomputation. bigint sums come back as float8: node-postgres
// reads bigint as text, and float8 is exact far beyond any period's money.

/** What the rollups are computed with: the country's zone, and the domain's buckets and finished statuses. */
export interface RollupRules {
  timeZone: string;
  finishedStatuses: readonly OrderStatus[];
  deliveryBounds: readonly number[];
  pickupWaitBounds: readonly number[];
}

/**
 * Each finished order of the scope and what it adds: its vendor, its day and hour placed in the zone, its final
 * status, reason and method, its money, whether it ran late, was on time against the ETA given at request, and
 * its delivery-time and pickup-wait buckets. Like History (decision 045), a card order that never paid is none of
 * the merchant's orders. The history entries are read from the covering index of migration 091.
 */
function factsOf(scope: string, rules: RollupRules, params: SqlParam[]): string {
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const zone = param(rules.timeZone);
  const finished = param([...rules.finishedStatuses]);
  const deliveryBounds = param(rules.deliveryBounds.map(String));
  const pickupBounds = param(rules.pickupWaitBounds.map(String));
  const minutes = minutesBetween;
  const requested = REQUESTED_AT;
  const promised = `coalesce(o.preordered_for, o.created_at) + o.requested_eta_minutes * interval '1 minute'`;
  const isMeasured = `(o.status = 'DELIVERED' and h.delivered_at is not null and o.requested_eta_minutes is not null)`;
  return `
    select o.vendor_id,
           (o.created_at at time zone ${zone})::date as day,
           extract(hour from o.created_at at time zone ${zone})::smallint as hour,
           o.status,
           coalesce(o.cancel_reason, '') as cancel_reason,
           o.payment_method,
           h.delayed_at is not null as was_delayed,
           o.voucher_code is not null as vouchered,
           o.delivery_fee_minor as fee_minor,
           o.discount_minor,
           coalesce(o.amount_minor, 0) as amount_minor,
           ${isMeasured} as measured,
           ${isMeasured} and h.delivered_at <= ${promised} as on_time,
           case when o.status = 'DELIVERED' and h.delivered_at is not null
                then width_bucket(${minutes('h.delivered_at', requested)}, ${deliveryBounds}::float8[]) end
             as delivery_bucket,
           case when h.picked_up_at is not null and h.arrived_at is not null
                then width_bucket(${minutes('h.picked_up_at', 'h.arrived_at')}, ${pickupBounds}::float8[]) end
             as pickup_bucket
      from orders o
      cross join lateral (
        select max(s.created_at) filter (where s.status = 'DELIVERED') as delivered_at,
               min(s.created_at) filter (where s.status = 'PICKED_UP') as picked_up_at,
               max(s.created_at) filter (where s.status = 'NEAR_VENDOR') as arrived_at,
               max(s.created_at) filter (where s.status = 'DELAYED') as delayed_at
          from order_status_history s where s.order_id = o.order_id
      ) h
     where ${scope}
       and o.status = any(${finished}::text[])
       and not (o.status = 'PAYMENT_CANCELLED' and o.paid_minor = 0)`;
}

// The sums of a group of facts, as the rollup rows hold them.
const DAILY_SUMS = `count(*)::int as orders, count(*) filter (where was_delayed)::int as delayed,
  count(*) filter (where vouchered)::int as vouchered, sum(fee_minor)::bigint as fee_minor,
  sum(discount_minor)::bigint as discount_minor, sum(amount_minor)::bigint as amount_minor,
  count(*) filter (where on_time)::int as on_time, count(*) filter (where measured)::int as measured`;
const DAILY_KEY = 'vendor_id, day, status, cancel_reason, payment_method';
const DAILY_VALUES = 'orders, delayed, vouchered, fee_minor, discount_minor, amount_minor, on_time, measured';
const addedUp = (columns: string) =>
  columns
    .split(', ')
    .map((column) => `${column} = r.${column} + excluded.${column}`)
    .join(', ');

/**
 * Adds the facts of the scope's finished orders to the rollups, in one statement. The rows are written in key
 * order, so two transactions adding to the same rows take their locks in the same order and never deadlock.
 */
async function addFacts(db: Db, scope: string, scopeParams: SqlParam[], rules: RollupRules): Promise<number> {
  const params = [...scopeParams];
  const facts = factsOf(scope, rules, params);
  const [row] = await db.query<{ orders: number }>(
    `with facts as (${facts}),
          daily as (
            insert into insights_daily as r (${DAILY_KEY}, ${DAILY_VALUES})
            select ${DAILY_KEY}, ${DAILY_SUMS} from facts group by ${DAILY_KEY} order by ${DAILY_KEY}
            on conflict (${DAILY_KEY}) do update set ${addedUp(DAILY_VALUES)}
          ),
          hourly as (
            insert into insights_hourly as r (vendor_id, day, hour, orders)
            select vendor_id, day, hour, count(*)::int from facts group by 1, 2, 3 order by 1, 2, 3
            on conflict (vendor_id, day, hour) do update set orders = r.orders + excluded.orders
          ),
          durations as (
            insert into insights_durations as r (vendor_id, day, measure, bucket, orders)
            select f.vendor_id, f.day, m.measure, m.bucket, count(*)::int
              from facts f
              cross join lateral (values ('delivery', f.delivery_bucket), ('pickup_wait', f.pickup_bucket)) m(measure, bucket)
             where m.bucket is not null
             group by 1, 2, 3, 4 order by 1, 2, 3, 4
            on conflict (vendor_id, day, measure, bucket) do update set orders = r.orders + excluded.orders
          )
     select count(*)::int as orders from facts`,
    params,
  );
  return row?.orders ?? 0;
}

/** Adds these orders to the rollups, inside the transaction (`tx`) of the step that finished them. */
export function addFinishedOrders(tx: Db, orderIds: readonly string[], rules: RollupRules): Promise<number> {
  return addFacts(tx, 'o.order_id = any($1::text[])', [orderIds], rules);
}

const ROLLUP_TABLES = ['insights_daily', 'insights_hourly', 'insights_durations'] as const;

/**
 * The vendors' rollups written again from their orders, in the caller's transaction. The tables are locked
 * first: a step that already added to them has committed before the orders are read, and one that adds later
 * waits until the rebuilt rows are in, so no order is counted twice or lost.
 */
export async function rebuildVendors(tx: Db, vendorIds: readonly string[], rules: RollupRules): Promise<number> {
  await tx.query(`lock table ${ROLLUP_TABLES.join(', ')} in exclusive mode`);
  for (const table of ROLLUP_TABLES) {
    await tx.query(`delete from ${table} where vendor_id = any($1::text[])`, [vendorIds]);
  }
  return addFacts(tx, 'o.vendor_id = any($1::text[])', [vendorIds], rules);
}

/** Every vendor with an order, or with rollups (whose orders may have moved away). */
export async function vendorsWithOrders(db: Db): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    `select vendor_id from vendors v
      where exists (select 1 from orders o where o.vendor_id = v.vendor_id)
         or exists (select 1 from insights_daily r where r.vendor_id = v.vendor_id)
      order by vendor_id`,
  );
  return rows.map((row) => row.vendor_id);
}

/** Moves a vendor's rollups to another (a guest's orders handed to the business it registers), in `tx`. */
export async function moveRollups(tx: Db, fromVendorId: string, toVendorId: string): Promise<void> {
  const moves = [
    { table: 'insights_daily', key: 'day, status, cancel_reason, payment_method', values: DAILY_VALUES },
    { table: 'insights_hourly', key: 'day, hour', values: 'orders' },
    { table: 'insights_durations', key: 'day, measure, bucket', values: 'orders' },
  ];
  for (const { table, key, values } of moves) {
    await tx.query(
      `with moved as (delete from ${table} where vendor_id = $1 returning *)
       insert into ${table} as r (vendor_id, ${key}, ${values})
       select $2, ${key}, ${values} from moved order by ${key}
       on conflict (vendor_id, ${key}) do update set ${addedUp(values)}`,
      [fromVendorId, toVendorId],
    );
  }
}

/** What the rollups were last built with (null before the first build). */
export async function rollupState(db: Db): Promise<{ time_zone: string; layout: string } | null> {
  const [row] = await db.query<{ time_zone: string; layout: string }>('select time_zone, layout from insights_state');
  return row ?? null;
}

export async function saveRollupState(db: Db, timeZone: string, layout: string, at: Date): Promise<void> {
  await db.query(
    `insert into insights_state (id, time_zone, layout, built_at) values (true, $1, $2, $3)
     on conflict (id) do update set time_zone = excluded.time_zone, layout = excluded.layout, built_at = excluded.built_at`,
    [timeZone, layout, at],
  );
}

/** Rollup rows as the check compares them: each table's rows as text, in key order. */
export interface RollupRows {
  daily: string[];
  hourly: string[];
  durations: string[];
}

/** The vendors' rollups as stored. */
export async function storedRollups(db: Db, vendorIds: readonly string[]): Promise<RollupRows> {
  const read = async (sql: string) => (await db.query<{ row: string }>(sql, [vendorIds])).map((row) => row.row);
  return {
    daily: await read(
      `select concat_ws('|', ${DAILY_KEY}, ${DAILY_VALUES}) as row from insights_daily
        where vendor_id = any($1::text[]) order by ${DAILY_KEY}`,
    ),
    hourly: await read(
      `select concat_ws('|', vendor_id, day, hour, orders) as row from insights_hourly
        where vendor_id = any($1::text[]) order by vendor_id, day, hour`,
    ),
    durations: await read(
      `select concat_ws('|', vendor_id, day, measure, bucket, orders) as row from insights_durations
        where vendor_id = any($1::text[]) order by vendor_id, day, measure, bucket`,
    ),
  };
}

/** The vendors' rollups as a full recomputation from their orders would write them. */
export async function recomputedRollups(db: Db, vendorIds: readonly string[], rules: RollupRules): Promise<RollupRows> {
  const read = async (select: string) => {
    const params: SqlParam[] = [vendorIds];
    const facts = factsOf('o.vendor_id = any($1::text[])', rules, params);
    return (await db.query<{ row: string }>(`with facts as (${facts}) ${select}`, params)).map((row) => row.row);
  };
  return {
    daily: await read(
      `select concat_ws('|', ${DAILY_KEY}, ${DAILY_VALUES}) as row
         from (select ${DAILY_KEY}, ${DAILY_SUMS} from facts group by ${DAILY_KEY}) g order by ${DAILY_KEY}`,
    ),
    hourly: await read(
      `select concat_ws('|', vendor_id, day, hour, count(*)) as row from facts
        group by vendor_id, day, hour order by vendor_id, day, hour`,
    ),
    durations: await read(
      `select concat_ws('|', f.vendor_id, f.day, m.measure, m.bucket, count(*)) as row
         from facts f
         cross join lateral (values ('delivery', f.delivery_bucket), ('pickup_wait', f.pickup_bucket)) m(measure, bucket)
        where m.bucket is not null
        group by f.vendor_id, f.day, m.measure, m.bucket order by f.vendor_id, f.day, m.measure, m.bucket`,
    ),
  };
}

// The page's reads. Each groups two ways at once (grouping sets): over the vendors by day, and by vendor over
// the days, for the period and the one before it.

export interface PeriodBounds {
  vendorIds: readonly string[];
  /** First day of the previous period, first day of the period, last day of the period. */
  previousStart: string;
  start: string;
  end: string;
}

const periodOf = (bounds: PeriodBounds, params: SqlParam[]) => {
  params.push(bounds.vendorIds, bounds.previousStart, bounds.start, bounds.end);
  return {
    where: 'r.vendor_id = any($1::text[]) and r.day between $2::date and $4::date',
    period: `case when r.day >= $3::date then 'current' else 'previous' end`,
  };
};

export async function finishedRollups(db: Db, bounds: PeriodBounds): Promise<FinishedRollup[]> {
  const params: SqlParam[] = [];
  const { where, period } = periodOf(bounds, params);
  const rows = await db.query<{
    period: InsightsPeriodName;
    vendor_id: string | null;
    day: string | null;
    status: OrderStatus;
    cancel_reason: string;
    payment_method: string;
    orders: number;
    delayed: number;
    vouchered: number;
    fee_minor: number;
    discount_minor: number;
    amount_minor: number;
    on_time: number;
    measured: number;
  }>(
    `select period, vendor_id, day::text as day, status, cancel_reason, payment_method,
            sum(orders)::int as orders, sum(delayed)::int as delayed, sum(vouchered)::int as vouchered,
            sum(fee_minor)::float8 as fee_minor, sum(discount_minor)::float8 as discount_minor,
            sum(amount_minor)::float8 as amount_minor, sum(on_time)::int as on_time, sum(measured)::int as measured
       from (select r.*, ${period} as period from insights_daily r where ${where}) r
      group by grouping sets ((period, day, status, cancel_reason, payment_method),
                              (period, vendor_id, status, cancel_reason, payment_method))`,
    params,
    { prepare: true },
  );
  return rows.map((row) => ({
    period: row.period,
    vendorId: row.vendor_id,
    day: row.day,
    status: row.status,
    cancelReason: row.cancel_reason === '' ? null : row.cancel_reason,
    paymentMethod: row.payment_method,
    orders: row.orders,
    delayed: row.delayed,
    vouchered: row.vouchered,
    feeMinor: row.fee_minor,
    discountMinor: row.discount_minor,
    amountMinor: row.amount_minor,
    onTime: row.on_time,
    measured: row.measured,
  }));
}

export async function durationRollups(db: Db, bounds: PeriodBounds): Promise<DurationRollup[]> {
  const params: SqlParam[] = [];
  const { where, period } = periodOf(bounds, params);
  const rows = await db.query<{
    period: InsightsPeriodName;
    vendor_id: string | null;
    measure: DurationMeasure;
    bucket: number;
    orders: number;
  }>(
    `select period, vendor_id, measure, bucket, sum(orders)::int as orders
       from (select r.*, ${period} as period from insights_durations r where ${where}) r
      group by grouping sets ((period, measure, bucket), (period, vendor_id, measure, bucket))`,
    params,
    { prepare: true },
  );
  return rows.map((row) => ({
    period: row.period,
    vendorId: row.vendor_id,
    measure: row.measure,
    bucket: row.bucket,
    orders: row.orders,
  }));
}

/** The period's finished orders by ISO weekday and hour placed. */
export async function hourRollups(
  db: Db,
  bounds: Pick<PeriodBounds, 'vendorIds' | 'start' | 'end'>,
): Promise<HourRollup[]> {
  return db.query<HourRollup>(
    `select extract(isodow from day)::int as weekday, hour::int as hour, sum(orders)::int as orders
       from insights_hourly
      where vendor_id = any($1::text[]) and day between $2::date and $3::date
      group by 1, 2`,
    [bounds.vendorIds, bounds.start, bounds.end],
    { prepare: true },
  );
}

/** An unfinished order as insights count it; its bucket is decided by the domain's rule (spec §4). */
export interface UnfinishedRow {
  vendor_id: string;
  day: string;
  weekday: number;
  hour: number;
  status: OrderStatus;
  preordered_for: Date | null;
  /** The statuses of its history, only for a DELAYED order (its bucket depends on them). */
  history: string | null;
}

/**
 * The vendors' orders placed in [from, to) that are not finished, through the partial index of migration 157: the
 * few still on their way or scheduled.
 */
export async function unfinishedOrders(
  db: Db,
  query: { vendorIds: readonly string[]; from: Date; to: Date; timeZone: string },
): Promise<UnfinishedRow[]> {
  return db.query<UnfinishedRow>(
    `select o.vendor_id,
            (o.created_at at time zone $4)::date::text as day,
            extract(isodow from o.created_at at time zone $4)::int as weekday,
            extract(hour from o.created_at at time zone $4)::int as hour,
            o.status, o.preordered_for,
            case when o.status = 'DELAYED'
                 then (select string_agg(s.status, ',') from order_status_history s where s.order_id = o.order_id)
            end as history
       from orders o
      where o.vendor_id = any($1::text[]) and o.created_at >= $2 and o.created_at < $3
        -- Written as the partial index's predicate, so the planner uses it.
        and o.status not in ('DELIVERED', 'RETURNED_TO_VENDOR', 'CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED')`,
    [query.vendorIds, query.from, query.to, query.timeZone],
    { prepare: true },
  );
}
