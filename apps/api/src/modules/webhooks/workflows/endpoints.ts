import { randomUUID } from 'node:crypto';
import type { SUPPORTED_LANGUAGES } from '@riderdesk/domain/config';
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreateBodySchema,
  WebhookEndpointList,
  WebhookEndpointListQuery,
  WebhookEndpointUpdateBodySchema,
  WebhookEndpointWithSecret,
} from '@riderdesk/domain/contracts/webhooks';
import { MAX_WEBHOOK_ENDPOINTS_PER_VENDOR, WEBHOOK_TEST_EVENT } from '@riderdesk/domain/webhook-events';
import type { z } from 'zod';
import type { Caller } from '../../../plugins/auth.ts';
import { checkEndpointUrl, resolveDeliveryAddress } from '../address-policy.ts';
import type { VendorAccess, WebhookDeps } from '../deps.ts';
import {
  deliveryInFlight,
  deliveryNotFound,
  endpointDisabled,
  endpointNotFound,
  tooManyEndpoints,
  WebhookUrlRefused,
} from '../errors.ts';
import * as repo from '../repo.ts';
import { newWebhookSecret } from '../secret-box.ts';

export { WebhookUrlRefused } from '../errors.ts';

type UserCaller = Extract<Caller, { kind: 'user' }>;

/** How many deliveries the portal lists per endpoint, newest first. */
export const RECENT_DELIVERIES = 50;
/** How many waiting deliveries an enabling queues again at once (the rest stay pending). */
const REQUEUE_ON_ENABLE = 1_000;

export interface CreatedEndpoint {
  id: string;
  url: string;
  events: string[];
  /** Shown once: only its sealed form is kept. */
  secret: string;
  row: repo.EndpointRow;
}

/** The URL as it is kept, once the address policy accepts it: its scheme, host and where it resolves. */
async function acceptedUrl(deps: WebhookDeps, raw: string): Promise<string> {
  const url = checkEndpointUrl(raw, deps.environment);
  if (!url.ok) throw new WebhookUrlRefused(url.reason);
  const address = await resolveDeliveryAddress(url.value, deps.environment, deps.resolve);
  if (!address.ok) throw new WebhookUrlRefused(address.reason);
  return url.value.href;
}

/**
 * Registers an endpoint after checking its URL and, in prd, that its host resolves to public addresses only;
 * at most MAX_WEBHOOK_ENDPOINTS_PER_VENDOR per vendor. The vendor's next order change emits events at once.
 */
export async function createEndpoint(
  deps: WebhookDeps,
  input: {
    vendorId: string;
    url: string;
    events: readonly string[];
    lang?: (typeof SUPPORTED_LANGUAGES)[number];
    createdBy?: string | null;
  },
): Promise<CreatedEndpoint> {
  const url = await acceptedUrl(deps, input.url);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    if ((await repo.lockAndCountEndpoints(tx, input.vendorId)) >= MAX_WEBHOOK_ENDPOINTS_PER_VENDOR) {
      throw tooManyEndpoints();
    }
    return repo.insertEndpoint(tx, {
      id: randomUUID(),
      vendorId: input.vendorId,
      url,
      events: [...new Set(input.events)],
      secretSealed: deps.secrets.seal(secret),
      lang: input.lang ?? 'en',
      createdBy: input.createdBy ?? null,
      now: deps.clock(),
    });
  });
  deps.presence.forget();
  return { id: row.id, url: row.url, events: row.events, secret, row };
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    vendor_id: row.vendor_id,
    url: row.url,
    events: row.events as WebhookEndpoint['events'],
    consecutive_failures: row.consecutive_failures,
    disabled_at: iso(row.disabled_at),
    created_at: row.created_at.toISOString(),
  };
}

export function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookDelivery['event_type'],
    order_id: row.order_id,
    state: row.state,
    attempts: row.attempts,
    response_code: row.last_status_code,
    latency_ms: row.last_latency_ms,
    error: row.last_error,
    created_at: row.created_at.toISOString(),
    next_attempt_at: row.next_attempt_at.toISOString(),
    finished_at: iso(row.finished_at),
  };
}

function vendorAccess(deps: WebhookDeps): VendorAccess {
  if (!deps.vendors) throw new Error('the webhooks module was built without the vendors module');
  return deps.vendors;
}

/** One of the caller's endpoints; another merchant's is not found, as one that does not exist. */
async function endpointOfCaller(deps: WebhookDeps, caller: UserCaller, id: string): Promise<repo.EndpointRow> {
  const row = await repo.findEndpoint(deps.db, id);
  if (!row) throw endpointNotFound();
  if (!(await vendorAccess(deps).vendorIdsForCaller(caller)).includes(row.vendor_id)) throw endpointNotFound();
  return row;
}

/** GET /webhooks/endpoints: one vendor's endpoints (the vendors module's 403 for another's), or all of them. */
export async function listEndpoints(
  deps: WebhookDeps,
  caller: UserCaller,
  query: WebhookEndpointListQuery,
): Promise<WebhookEndpointList> {
  const access = vendorAccess(deps);
  let vendorIds: string[];
  if (query.vendor_id !== undefined) {
    await access.assertCallerVendor(caller, query.vendor_id);
    vendorIds = [query.vendor_id];
  } else {
    vendorIds = await access.vendorIdsForCaller(caller);
  }
  if (vendorIds.length === 0) return { endpoints: [] };
  return { endpoints: (await repo.endpointsOfVendors(deps.db, vendorIds)).map(toEndpoint) };
}

/** POST /webhooks/endpoints: the secret is in this answer only. */
export async function createForCaller(
  deps: WebhookDeps,
  caller: UserCaller,
  body: z.output<typeof WebhookEndpointCreateBodySchema>,
): Promise<WebhookEndpointWithSecret> {
  await vendorAccess(deps).assertCallerVendor(caller, body.vendor_id);
  const created = await createEndpoint(deps, {
    vendorId: body.vendor_id,
    url: body.url,
    events: body.events,
    lang: body.lang,
    createdBy: caller.userId,
  });
  return { endpoint: toEndpoint(created.row), secret: created.secret };
}

/** PATCH /webhooks/endpoints/{endpointId}: a new URL passes the address policy again. */
export async function updateEndpoint(
  deps: WebhookDeps,
  caller: UserCaller,
  id: string,
  body: z.output<typeof WebhookEndpointUpdateBodySchema>,
): Promise<WebhookEndpoint> {
  await endpointOfCaller(deps, caller, id);
  const url = body.url === undefined ? undefined : await acceptedUrl(deps, body.url);
  const row = await repo.updateEndpoint(deps.db, id, { url, events: body.events, lang: body.lang }, deps.clock());
  if (!row) throw endpointNotFound();
  return toEndpoint(row);
}

/** POST /webhooks/endpoints/{endpointId}/secret: the old secret stops signing at once. */
export async function rotateSecret(
  deps: WebhookDeps,
  caller: UserCaller,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  await endpointOfCaller(deps, caller, id);
  const secret = newWebhookSecret();
  const row = await repo.replaceSecret(deps.db, id, deps.secrets.seal(secret), deps.clock());
  if (!row) throw endpointNotFound();
  return { endpoint: toEndpoint(row), secret };
}

/** DELETE /webhooks/endpoints/{endpointId}: the endpoint and its delivery log; queued attempts find nothing. */
export async function deleteEndpoint(deps: WebhookDeps, caller: UserCaller, id: string): Promise<void> {
  await endpointOfCaller(deps, caller, id);
  if (!(await repo.deleteEndpoint(deps.db, id))) throw endpointNotFound();
}

/**
 * POST /webhooks/endpoints/{endpointId}/enable: takes a disabled endpoint back, its failures in a row cleared,
 * and queues the deliveries left waiting while it was disabled (in order per order, as always).
 */
export async function enableEndpoint(deps: WebhookDeps, caller: UserCaller, id: string): Promise<WebhookEndpoint> {
  await endpointOfCaller(deps, caller, id);
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const enabled = await repo.enableEndpoint(tx, id, now);
    if (!enabled) throw endpointNotFound();
    for (const deliveryId of await repo.pendingDeliveries(tx, id, REQUEUE_ON_ENABLE)) {
      await deps.deliverQueue.send({ deliveryId }, { key: `${deliveryId}:enabled:${now.toISOString()}`, tx });
    }
    return enabled;
  });
  deps.presence.forget();
  return toEndpoint(row);
}

/** GET /webhooks/endpoints/{endpointId}/deliveries: newest first, each with its latest attempt. */
export async function listDeliveries(deps: WebhookDeps, caller: UserCaller, id: string): Promise<WebhookDeliveryList> {
  await endpointOfCaller(deps, caller, id);
  return { deliveries: (await repo.recentDeliveries(deps.db, id, RECENT_DELIVERIES)).map(toDelivery) };
}

/** POST /webhooks/endpoints/{endpointId}/test: a signed `ping`, sent once (a failed one is not tried again). */
export async function sendTestEvent(deps: WebhookDeps, caller: UserCaller, id: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOfCaller(deps, caller, id);
  if (endpoint.disabled_at) throw endpointDisabled();
  const now = deps.clock();
  const eventId = randomUUID();
  const body = JSON.stringify({
    event: WEBHOOK_TEST_EVENT,
    event_id: eventId,
    vendor_id: endpoint.vendor_id,
    endpoint_id: endpoint.id,
    created_at: now.toISOString(),
  });
  const row = await deps.db.transaction(async (tx) => {
    const delivery = await repo.insertDelivery(tx, {
      id: randomUUID(),
      endpointId: endpoint.id,
      eventId,
      orderId: null,
      eventType: WEBHOOK_TEST_EVENT,
      body,
      now,
    });
    await deps.deliverQueue.send({ deliveryId: delivery.id }, { key: `${delivery.id}:queued`, tx });
    return delivery;
  });
  return toDelivery(row);
}

/**
 * POST /webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/redeliver: one more attempt of the same event
 * (same event id and body, signed anew), due now; a failed one is retried on the schedule from here.
 */
export async function redeliver(
  deps: WebhookDeps,
  caller: UserCaller,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const endpoint = await endpointOfCaller(deps, caller, endpointId);
  if (!(await repo.findDelivery(deps.db, endpointId, deliveryId))) throw deliveryNotFound();
  if (endpoint.disabled_at) throw endpointDisabled();
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const requeued = await repo.requeueDelivery(tx, endpointId, deliveryId, now);
    if (!requeued) throw deliveryInFlight();
    await deps.deliverQueue.send(
      { deliveryId },
      { key: `${deliveryId}:redeliver:${requeued.attempts}:${now.toISOString()}`, tx },
    );
    return requeued;
  });
  return toDelivery(row);
}
