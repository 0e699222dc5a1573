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
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  order_id: string;
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

const ENDPOINT_COLUMNS = `id::text as id, vendor_id, url, events, secret_sealed, consecutive_failures, disabled_at, created_at`;
const DELIVERY_COLUMNS = `id::text as id, endpoint_id::text as endpoint_id, event_id::text as event_id, order_id,
  event_type, body, state, attempts, next_attempt_at, first_attempt_at, last_status_code, last_latency_ms,
  last_error, created_at, finished_at`;

export async function insertEndpoint(
  db: Db,
  endpoint: { id: string; vendorId: string; url: string; events: readonly string[]; secretSealed: string; now: Date },
): Promise<EndpointRow> {
  const [row] = await db.query<EndpointRow>(
    `insert into webhook_endpoints (id, vendor_id, url, events, secret_sealed, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning ${ENDPOINT_COLUMNS}`,
    [endpoint.id, endpoint.vendorId, endpoint.url, endpoint.events, endpoint.secretSealed, endpoint.now],
  );
  return row!;
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

export async function insertDelivery(
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
): Promise<void> {
  await db.query(
    `insert into webhook_deliveries (id, endpoint_id, event_id, order_id, event_type, body, next_attempt_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7)`,
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
}

/**
 * Takes the delivery for one attempt, in one statement: only while it is pending (or its last claim lapsed
 * with a dead worker), its endpoint is enabled, and no earlier delivery of the same order to the same
 * endpoint is still pending or being sent. Counts the attempt. null when it is not this attempt's turn.
 */
export async function claimDelivery(
  db: Db,
  id: string,
  now: Date,
  claimedUntil: Date,
): Promise<(DeliveryRow & { url: string; secret_sealed: string }) | null> {
  const [row] = await db.query<DeliveryRow & { url: string; secret_sealed: string }>(
    `update webhook_deliveries d
        set state = 'sending', claimed_until = $3, attempts = d.attempts + 1,
            first_attempt_at = coalesce(d.first_attempt_at, $2)
       from webhook_endpoints w
      where d.id = $1 and w.id = d.endpoint_id and w.disabled_at is null
        and (d.state = 'pending' or (d.state = 'sending' and d.claimed_until < $2))
        and not exists (
          select 1 from webhook_deliveries e
           where e.endpoint_id = d.endpoint_id and e.order_id = d.order_id and e.seq < d.seq
             and e.state in ('pending', 'sending'))
      returning d.id::text as id, d.endpoint_id::text as endpoint_id, d.event_id::text as event_id, d.order_id,
                d.event_type, d.body, d.state, d.attempts, d.next_attempt_at, d.first_attempt_at,
                d.last_status_code, d.last_latency_ms, d.last_error, d.created_at, d.finished_at,
                w.url, w.secret_sealed`,
    [id, now, claimedUntil],
  );
  return row ?? null;
}

/** Whether another worker holds a live claim on the delivery (it is being sent now). */
export async function isClaimed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `select 1 from webhook_deliveries where id = $1 and state = 'sending' and claimed_until >= $2`,
    [id, now],
  );
  return rows.length > 0;
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

export async function recordEndpointSuccess(db: Db, endpointId: string, now: Date): Promise<void> {
  await db.query(
    'update webhook_endpoints set consecutive_failures = 0, updated_at = $2 where id = $1 and consecutive_failures > 0',
    [endpointId, now],
  );
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
export async function nextInLine(db: Db, endpointId: string, orderId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select id::text as id from webhook_deliveries
      where endpoint_id = $1 and order_id = $2 and state = 'pending' order by seq limit 1`,
    [endpointId, orderId],
  );
  return row?.id ?? null;
}

/** An endpoint's deliveries, newest first. */
export async function recentDeliveries(db: Db, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = $1 order by seq desc limit $2`,
    [endpointId, limit],
  );
}
