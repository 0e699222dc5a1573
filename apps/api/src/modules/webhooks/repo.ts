import type { Db } from '../../db/db.ts';

/** The tables of migration 143; private to the webhooks module (decision 034). */

export interface EndpointRow {
  id: string;
  vendor_id: string;
  url: string;
  events: string[];
  secret_sealed: string;
  consecutive_failures: number;
  disabled_at: Date | null;
  lang: string;
  created_by: string | null;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  /** null for a test event (ping). */
  order_id: string | null;
  event_type: string;
  body: string;
  state: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  first_attempt_at: Date | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const ENDPOINT_COLUMNS = `id::text as id, vendor_id, url, events, secret_sealed, consecutive_failures, disabled_at, lang,
  created_by::text as created_by, created_at`;
const DELIVERY_COLUMNS = `id::text as id, endpoint_id::text as endpoint_id, event_id::text as event_id, order_id,
  event_type, body, state, attempts, next_attempt_at, first_attempt_at, last_status_code, last_latency_ms,
  last_error, created_at, finished_at`;

export async function insertEndpoint(
  db: Db,
  endpoint: {
    id: string;
    vendorId: string;
    url: string;
    events: readonly string[];
    secretSealed: string;
    lang?: string;
    createdBy?: string | null;
    now: Date;
  },
): Promise<EndpointRow> {
  const [row] = await db.query<EndpointRow>(
    `insert into webhook_endpoints (id, vendor_id, url, events, secret_sealed, lang, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning ${ENDPOINT_COLUMNS}`,
    [
      endpoint.id,
      endpoint.vendorId,
      endpoint.url,
      endpoint.events,
      endpoint.secretSealed,
      endpoint.lang ?? 'en',
      endpoint.createdBy ?? null,
      endpoint.now,
    ],
  );
  return row!;
}

/**
 * Holds the vendor's row until the caller's transaction ends, so two registrations of one vendor count its
 * endpoints one after the other, then counts them.
 */
export async function lockAndCountEndpoints(db: Db, vendorId: string): Promise<number> {
  await db.query('select 1 from vendors where vendor_id = $1 for update', [vendorId]);
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from webhook_endpoints where vendor_id = $1', [
    vendorId,
  ]);
  return row?.n ?? 0;
}

/** The endpoints of these vendors, oldest first. */
export async function endpointsOfVendors(db: Db, vendorIds: readonly string[]): Promise<EndpointRow[]> {
  return db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints where vendor_id = any($1::text[]) order by created_at, id`,
    [vendorIds],
  );
}

/** Changes what is given of the URL, the events and the language; null when there is no such endpoint. */
export async function updateEndpoint(
  db: Db,
  id: string,
  change: { url?: string; events?: readonly string[]; lang?: string },
  now: Date,
): Promise<EndpointRow | null> {
  const [row] = await db.query<EndpointRow>(
    `update webhook_endpoints
        set url = coalesce($2, url), events = coalesce($3::text[], events), lang = coalesce($4, lang), updated_at = $5
      where id = $1 returning ${ENDPOINT_COLUMNS}`,
    [id, change.url ?? null, change.events ?? null, change.lang ?? null, now],
  );
  return row ?? null;
}

export async function replaceSecret(db: Db, id: string, secretSealed: string, now: Date): Promise<EndpointRow | null> {
  const [row] = await db.query<EndpointRow>(
    `update webhook_endpoints set secret_sealed = $2, updated_at = $3 where id = $1 returning ${ENDPOINT_COLUMNS}`,
    [id, secretSealed, now],
  );
  return row ?? null;
}

/** Removes the endpoint and its delivery log. */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db.query('delete from webhook_endpoints where id = $1 returning id', [id]);
  return rows.length > 0;
}

/** Takes a disabled endpoint back into use, its count of failures in a row cleared. */
export async function enableEndpoint(db: Db, id: string, now: Date): Promise<EndpointRow | null> {
  const [row] = await db.query<EndpointRow>(
    `update webhook_endpoints set disabled_at = null, consecutive_failures = 0, updated_at = $2
      where id = $1 returning ${ENDPOINT_COLUMNS}`,
    [id, now],
  );
  return row ?? null;
}

/** The deliveries of the endpoint left pending (a disabled endpoint's attempts are not made), oldest first. */
export async function pendingDeliveries(db: Db, endpointId: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id::text as id from webhook_deliveries where endpoint_id = $1 and state = 'pending' order by seq limit $2`,
    [endpointId, limit],
  );
  return rows.map((row) => row.id);
}

export async function findDelivery(db: Db, endpointId: string, id: string): Promise<DeliveryRow | null> {
  const [row] = await db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = $1 and id = $2`,
    [endpointId, id],
  );
  return row ?? null;
}

/**
 * Makes a settled (or waiting) delivery due again now, as one more attempt of the same event: its retry window
 * starts again. null when it is being sent at this moment (a live claim).
 */
export async function requeueDelivery(db: Db, endpointId: string, id: string, now: Date): Promise<DeliveryRow | null> {
  const [row] = await db.query<DeliveryRow>(
    `update webhook_deliveries
        set state = 'pending', next_attempt_at = $3, first_attempt_at = null, finished_at = null, claimed_until = null
      where endpoint_id = $1 and id = $2
        and (state <> 'sending' or claimed_until < $3)
      returning ${DELIVERY_COLUMNS}`,
    [endpointId, id, now],
  );
  return row ?? null;
}

export async function findEndpoint(db: Db, id: string): Promise<EndpointRow | null> {
  const [row] = await db.query<EndpointRow>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = $1`, [id]);
  return row ?? null;
}

/** The vendor's endpoints that take this event type and are not disabled. */
export async function subscribedEndpoints(db: Db, vendorId: string, eventType: string): Promise<EndpointRow[]> {
  return db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints
      where vendor_id = $1 and $2 = any(events) and disabled_at is null order by created_at, id`,
    [vendorId, eventType],
  );
}

/** The vendor's enabled endpoints that take at least one of these event types. */
export async function endpointsTakingAny(
  db: Db,
  vendorId: string,
  eventTypes: readonly string[],
): Promise<EndpointRow[]> {
  return db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints
      where vendor_id = $1 and events && $2::text[] and disabled_at is null order by created_at, id`,
    [vendorId, eventTypes],
  );
}

/** The vendors with an endpoint, enabled or not. */
export async function vendorsWithEndpoints(db: Db): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>('select distinct vendor_id from webhook_endpoints');
  return rows.map((row) => row.vendor_id);
}

/** The vendors with an enabled endpoint that takes this event type. */
export async function vendorsSubscribedTo(db: Db, eventType: string): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    'select distinct vendor_id from webhook_endpoints where $1 = any(events) and disabled_at is null',
    [eventType],
  );
  return rows.map((row) => row.vendor_id);
}

/**
 * A delivery of a rider position, unless the endpoint still has one of the order waiting: a position behind
 * another unsent one is stale, so a failing endpoint does not pile them up ahead of the status changes. The
 * event id is the order's for the interval, so a repeated scan of it records nothing. Answers the new id.
 */
export async function insertLocationDelivery(
  db: Db,
  delivery: {
    id: string;
    endpointId: string;
    eventId: string;
    orderId: string;
    eventType: string;
    body: string;
    now: Date;
  },
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into webhook_deliveries (id, endpoint_id, event_id, order_id, event_type, body, next_attempt_at, created_at)
     select $1, $2, $3, $4, $5, $6, $7, $7
      where not exists (
        select 1 from webhook_deliveries
         where endpoint_id = $2 and order_id = $4 and event_type = $5 and state in ('pending', 'sending'))
     on conflict (endpoint_id, event_id) do nothing
     returning id::text as id`,
    [
      delivery.id,
      delivery.endpointId,
      delivery.eventId,
      delivery.orderId,
      delivery.eventType,
      delivery.body,
      delivery.now,
    ],
  );
  return row?.id ?? null;
}

export async function insertDelivery(
  db: Db,
  delivery: {
    id: string;
    endpointId: string;
    eventId: string;
    orderId: string | null;
    eventType: string;
    body: string;
    now: Date;
  },
): Promise<DeliveryRow> {
  const [row] = await db.query<DeliveryRow>(
    `insert into webhook_deliveries (id, endpoint_id, event_id, order_id, event_type, body, next_attempt_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7) returning ${DELIVERY_COLUMNS}`,
    [
      delivery.id,
      delivery.endpointId,
      delivery.eventId,
      delivery.orderId,
      delivery.eventType,
      delivery.body,
      delivery.now,
    ],
  );
  return row!;
}

export type ClaimedDelivery = DeliveryRow & {
  url: string;
  secret_sealed: string;
};

/** What a claim found: the delivery taken for this attempt, or why not. */
export type Claim =
  | { kind: 'claimed'; delivery: ClaimedDelivery }
  /** Another worker holds a live claim: it is being sent now. */
  | { kind: 'in-flight' }
  /** Settled already, its endpoint disabled, or an earlier delivery of its order is still pending or being sent. */
  | { kind: 'not-its-turn' };

/**
 * Takes the delivery for one attempt, in one statement: only while it is pending (or its last claim lapsed
 * with a dead worker), its endpoint is enabled, and no earlier delivery of the same order to the same
 * endpoint is still pending or being sent. Counts the attempt and reads what sending needs (the endpoint's URL
 * and sealed secret). When it is not taken, the same statement tells whether another worker holds a live claim
 * on it (its snapshot is from before the update, so a delivery just claimed here never reads as in flight).
 */
export async function claimDelivery(db: Db, id: string, now: Date, claimedUntil: Date): Promise<Claim> {
  const [row] = await db.query<Omit<ClaimedDelivery, 'id'> & { id: string | null; in_flight: boolean }>(
    `with earlier as (
       -- Locked for share: an earlier delivery whose settling is committing right now is waited for and read as
       -- settled, so this claim never reads it as still being sent after that settling looked for a later one.
       select 1 from webhook_deliveries e
         join webhook_deliveries t on t.id = $1
        where e.endpoint_id = t.endpoint_id and e.order_id = t.order_id and e.seq < t.seq
          and e.state in ('pending', 'sending')
          for share of e),
     claimed as (
       update webhook_deliveries d
          set state = 'sending', claimed_until = $3, attempts = d.attempts + 1,
              first_attempt_at = coalesce(d.first_attempt_at, $2)
         from webhook_endpoints w
        where d.id = $1 and w.id = d.endpoint_id and w.disabled_at is null
          and (d.state = 'pending' or (d.state = 'sending' and d.claimed_until < $2))
          and not exists (select 1 from earlier)
        returning d.id::text as id, d.endpoint_id::text as endpoint_id, d.event_id::text as event_id, d.order_id,
                  d.event_type, d.body, d.state, d.attempts, d.next_attempt_at, d.first_attempt_at,
                  d.last_status_code, d.last_latency_ms, d.last_error, d.created_at, d.finished_at,
                  w.url, w.secret_sealed)
     select c.*,
            exists (select 1 from webhook_deliveries x where x.id = $1 and x.state = 'sending' and x.claimed_until >= $2)
              as in_flight
       from (select 1) as one left join claimed c on true`,
    [id, now, claimedUntil],
    { prepare: true },
  );
  if (!row) return { kind: 'not-its-turn' };
  const { in_flight, id: claimedId, ...rest } = row;
  if (claimedId !== null) return { kind: 'claimed', delivery: { ...rest, id: claimedId } };
  return in_flight ? { kind: 'in-flight' } : { kind: 'not-its-turn' };
}

export interface AttemptOutcome {
  status: number | null;
  latencyMs: number | null;
  error: string | null;
}

/** Settles the claimed attempt: delivered, failed for good, or pending again from `nextAttemptAt`. */
export async function settleDelivery(
  db: Db,
  id: string,
  state: 'delivered' | 'failed' | 'pending',
  outcome: AttemptOutcome,
  now: Date,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db.query(
    `update webhook_deliveries
        set state = $2, last_status_code = $3, last_latency_ms = $4, last_error = $5, claimed_until = null,
            next_attempt_at = coalesce($7, next_attempt_at),
            finished_at = case when $2 = 'pending' then null else $6::timestamptz end
      where id = $1 and state = 'sending'`,
    [id, state, outcome.status, outcome.latencyMs, outcome.error, now, nextAttemptAt],
  );
}

/**
 * Settles a claimed attempt as delivered, clears its endpoint's failures in a row and claims the next delivery
 * of the same order to the endpoint when it is due and its endpoint enabled, in one statement, so the worker
 * that sent one event of an order sends the next at once (decision 168). Answers whether it settled (false when
 * the claim was lost: another worker took the delivery over) and the delivery now claimed, if any.
 *
 * The next one is looked for at the statement's snapshot, taken just before it locks its row: a later event
 * committed, and its own job's claim made, inside that window is not seen; the sweep queues it
 * (orphanedDeliveries).
 */
export async function settleDeliveredAndClaimNext(
  db: Db,
  deliveryId: string,
  outcome: AttemptOutcome,
  now: Date,
  claimedUntil: Date,
): Promise<{ settled: boolean; next: ClaimedDelivery | null }> {
  const [row] = await db.query<Omit<ClaimedDelivery, 'id'> & { id: string | null; settled: boolean }>(
    `with settled as (
       update webhook_deliveries
          set state = 'delivered', last_status_code = $2, last_latency_ms = $3, last_error = $4, claimed_until = null,
              finished_at = $5
        where id = $1 and state = 'sending'
        returning endpoint_id, order_id),
     endpoint as (
       update webhook_endpoints
          set consecutive_failures = 0, updated_at = $5
        where id = (select endpoint_id from settled) and consecutive_failures > 0),
     head as (
       -- The earliest event of the order still to be sent to the endpoint: only it may go next.
       select n.id, n.state, n.next_attempt_at from webhook_deliveries n
         join settled s on n.endpoint_id = s.endpoint_id and n.order_id = s.order_id
        where n.state in ('pending', 'sending') and n.id <> $1
        order by n.seq limit 1),
     claimed as (
       update webhook_deliveries d
          set state = 'sending', claimed_until = $6, attempts = d.attempts + 1,
              first_attempt_at = coalesce(d.first_attempt_at, $5)
         from head h, webhook_endpoints w
        where d.id = h.id and h.state = 'pending' and h.next_attempt_at <= $5 and d.state = 'pending'
          and w.id = d.endpoint_id and w.disabled_at is null
        returning d.id::text as id, d.endpoint_id::text as endpoint_id, d.event_id::text as event_id, d.order_id,
                  d.event_type, d.body, d.state, d.attempts, d.next_attempt_at, d.first_attempt_at,
                  d.last_status_code, d.last_latency_ms, d.last_error, d.created_at, d.finished_at,
                  w.url, w.secret_sealed)
     select exists (select 1 from settled) as settled, c.*
       from (select 1) as one left join claimed c on true`,
    [deliveryId, outcome.status, outcome.latencyMs, outcome.error, now, claimedUntil],
    { prepare: true },
  );
  if (!row) return { settled: false, next: null };
  const { settled, id, ...rest } = row;
  return { settled, next: id === null ? null : { ...rest, id } };
}

/**
 * Inside the caller's transaction: settles a claimed attempt as delivered, clears its endpoint's failures in a
 * row and answers the earliest delivery of the same order to the endpoint still waiting (nextInLine), in one
 * statement. The caller queues that one's job in the same transaction: the hand-off of a worker that has sent
 * as many events of one order in a row as it may (DELIVERY_CHAIN_LIMIT).
 */
export async function settleDeliveredAndNext(
  db: Db,
  delivery: { id: string; endpointId: string; orderId: string | null },
  outcome: AttemptOutcome,
  now: Date,
): Promise<string | null> {
  const [row] = await db.query<{ next: string | null }>(
    `with settled as (
       update webhook_deliveries
          set state = 'delivered', last_status_code = $3, last_latency_ms = $4, last_error = $5, claimed_until = null,
              finished_at = $6
        where id = $1 and state = 'sending'),
     endpoint as (
       update webhook_endpoints set consecutive_failures = 0, updated_at = $6
        where id = $2 and consecutive_failures > 0)
     select (select id::text from webhook_deliveries
              where $7::text is not null and endpoint_id = $2 and order_id = $7 and state = 'pending' and id <> $1
              order by seq limit 1) as next`,
    [delivery.id, delivery.endpointId, outcome.status, outcome.latencyMs, outcome.error, now, delivery.orderId],
    { prepare: true },
  );
  return row?.next ?? null;
}

/** Counts a failed attempt; at `limit` failures in a row the endpoint is disabled. Answers whether it just was. */
export async function recordEndpointFailure(db: Db, endpointId: string, now: Date, limit: number): Promise<boolean> {
  const [row] = await db.query<{ disabled: boolean }>(
    `update webhook_endpoints
        set consecutive_failures = consecutive_failures + 1, updated_at = $2,
            disabled_at = case when disabled_at is null and consecutive_failures + 1 >= $3 then $2 else disabled_at end
      where id = $1
      returning disabled_at = $2 as disabled`,
    [endpointId, now, limit],
  );
  return row?.disabled ?? false;
}

/** The earliest delivery of the order to the endpoint still waiting for its turn, after `id` settled. */
export async function nextInLine(db: Db, endpointId: string, orderId: string | null): Promise<string | null> {
  // A test event belongs to no order: nothing waits behind it.
  if (orderId === null) return null;
  const [row] = await db.query<{ id: string }>(
    `select id::text as id from webhook_deliveries
      where endpoint_id = $1 and order_id = $2 and state = 'pending' order by seq limit 1`,
    [endpointId, orderId],
  );
  return row?.id ?? null;
}

/**
 * Deliveries that should have a job and may have none: the first of their order still to be sent to an enabled
 * endpoint, pending and due since before `dueBefore`, or claimed by a worker whose claim has lapsed. A later
 * event left unseen by the settling of the one before it (settleDeliveredAndClaimNext), the next event claimed
 * by a worker that then died, a job that failed for good. Oldest first, at most `limit`.
 */
export async function orphanCandidates(db: Db, dueBefore: Date, now: Date, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select d.id::text as id from webhook_deliveries d
       join webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null
      where ((d.state = 'pending' and d.next_attempt_at < $1) or (d.state = 'sending' and d.claimed_until < $2))
        and not exists (
          select 1 from webhook_deliveries e
           where e.endpoint_id = d.endpoint_id and e.order_id = d.order_id and e.seq < d.seq
             and e.state in ('pending', 'sending'))
      order by d.seq limit $3`,
    [dueBefore, now, limit],
  );
  return rows.map((row) => row.id);
}

/** An endpoint's deliveries, newest first. */
export async function recentDeliveries(db: Db, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = $1 order by seq desc limit $2`,
    [endpointId, limit],
  );
}
