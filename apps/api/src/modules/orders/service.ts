import {
  type Order,
  type OrderCreateAnswer,
  type OrderCreateBody,
  OrderCreateBodySchema,
  type OrderUpdateBody,
} from '@riderdesk/domain/contracts/orders';
import { type GeoPoint, toMinor } from '@riderdesk/domain/money';
import { formatOrderId, orderIdPrefix } from '@riderdesk/domain/order-id';
import { orderEditRefusal, statusProgress } from '@riderdesk/domain/order-status';
import { offeredPaymentMethods } from '@riderdesk/domain/orders/payment-methods';
import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import { normalisePhoneNumber } from '@riderdesk/domain/phone';
import {
  orderPayloadFromCreateBody,
  orderPayloadFromUpdateBody,
  vendorIdOfBody,
} from '@riderdesk/domain/validation/order-body';
import type { OrderPayload } from '@riderdesk/domain/validation/order-payload';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import type { DomainMetrics } from '../../infra/metrics.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { FlagService } from '../flags/service.ts';
import type { FeeSigner } from '../pricing/fee-signature.ts';
import type { PricingService } from '../pricing/service.ts';
import type { ServiceHours } from '../pricing/service-hours.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { VendorService } from '../vendors/service.ts';
import { assertVendorActive, isTestVendor } from '../vendors/vendor-access.ts';
import { discountMinor, type VoucherService } from '../vouchers/service.ts';
import { assertOrderPayload, keyedSchemaError, type SchemaError, schemaErrorOf } from './admission.ts';
import { orderFee, verifyVoucher } from './fee-checks.ts';
import {
  type IdempotentRequest,
  idempotentCreates,
  keyOwnerOf,
  requestHash,
  type StoredAnswer,
} from './idempotency.ts';
import type { OrderRow } from './model.ts';
import { newOrder, type PreparedOrder, placedOrderRow } from './new-order.ts';
import {
  assertAddress,
  assertDeliverable,
  assertPaymentMethod,
  assertVatNumber,
  preorderTime,
  resolvePickup,
} from './order-checks.ts';
import { loadOrderView, loadOrderViewOfVendor } from './order-view.ts';
import * as repo from './repo.ts';

export type OrderService = ReturnType<typeof orderService>;

/** A create or an edit of orders, as the writes another module makes in its transaction see it. */
export interface OrderWrite {
  kind: 'created' | 'updated';
  /**
   * `isMessageDue`: a created order whose customer must hear from us whatever the outlet's messages are: a
   * handover PIN to tell (decision 175), a cash order to confirm (decision 175).
   */
  orders: readonly { orderId: string; vendorId: string; isMessageDue?: boolean }[];
}

/**
 * Writes another module makes in the transaction of every create and edit (the webhooks' order.created and
 * order.updated events): registered by the composition root, so orders import nothing of that module.
 */
export interface OrderWriteHook {
  /**
   * Whether it writes anything for this order of this vendor (its columns as the create writes them): when none
   * does, a create stays one statement.
   */
  concerns(vendorId: string, order: Pick<PreparedOrder, 'handover_pin' | 'customer_confirmation'>): Promise<boolean>;
  write(tx: Db, write: OrderWrite, at: Date): Promise<void>;
}

/** A new order whose customer is told something whatever the outlet's messages: a PIN, a request to confirm. */
const isMessageDue = (order: Pick<PreparedOrder, 'handover_pin' | 'customer_confirmation'>) =>
  Boolean(order.handover_pin) || order.customer_confirmation === 'awaiting';

export interface OrderReply<T = OrderCreateAnswer> {
  statusCode: number;
  body: T;
  isReplay: boolean;
}

/**
 * A caller's own answer to a create (the merchant API's order), built from the order as placed and stored with
 * its key by the create's statement, so a retry replays it and nothing is read back or written after the insert
 * (decision 167). The order id is drawn by the statement: the answer names it at its top, and only there.
 */
export interface PlacedAnswer<T extends { order_id: string }> {
  statusCode: number;
  of(order: OrderRow): T;
}

export interface OrderDeps {
  db: Db;
  config: AppConfig;
  vendors: VendorService;
  pricing: PricingService;
  vouchers: VoucherService;
  signer: FeeSigner;
  serviceHours: ServiceHours;
  now: () => Date;
  metrics: Pick<DomainMetrics, 'ordersCreated' | 'idempotentReplays'>;
  /** spec §6 feature flags (PayAtPickup gates pay-at-pickup). */
  flags: Pick<FlagService, 'variations'>;
}

/** The choices the request page offers only where the country parameter and the flags allow (spec §5, §9). */
const GATED_METHODS: readonly string[] = ['PAYMENT_ON_DELIVERY', 'PAY_AT_PICKUP'];

const orderNotFound = () => keyedError(404, 'NotFound', 'error.order.not-found', 'orderId');

export function orderService({
  db,
  config,
  vendors,
  pricing,
  vouchers,
  signer,
  serviceHours,
  now,
  metrics,
  flags,
}: OrderDeps) {
  const { country } = config.deployment;
  const { currency } = country;
  const idempotency = idempotentCreates({ db, now });
  const writeHooks: OrderWriteHook[] = [];
  async function written(tx: Db, write: OrderWrite, at: Date): Promise<void> {
    if (write.orders.length === 0) return;
    for (const hook of writeHooks) await hook.write(tx, write, at);
  }

  /** spec §8: a test vendor's order skips the undeliverable and fee errors; null for every other vendor. */
  const testVendorFeeOf = (vendor: VendorRow, origin: GeoPoint, destination: GeoPoint) =>
    isTestVendor(config, vendor.vendor_id) ? () => pricing.vendorFee(vendor, origin, destination).feeMinor : null;

  /**
   * Authorises the vendor, then runs the spec §5 chain on the body as sent, even when it failed its
   * schema, so the first failing step answers with the browser's key; other schema failures follow.
   */
  async function admit<T>(
    caller: Caller,
    raw: unknown,
    schemaError: SchemaError | null,
    payloadOf: (vendor: VendorRow | null) => Promise<OrderPayload>,
  ): Promise<{ vendor: VendorRow; body: T }> {
    const vendorId = vendorIdOfBody(raw);
    // Authorisation first: another merchant's vendor is refused before anything about the body is said.
    const vendor = vendorId ? await vendors.vendorOfCaller(caller, vendorId) : null;
    assertOrderPayload(await payloadOf(vendor), { countryCode: country.code, vendorId });
    if (schemaError) throw keyedSchemaError(schemaError.validation) ?? schemaError;
    return { vendor: vendor!, body: raw as T };
  }

  /**
   * Card on delivery and pay-at-pickup pass the request page's gate here too (`offeredPaymentMethods`):
   * the vendor's flag, the country's paymentMethods parameter and, for pay-at-pickup, the PayAtPickup flag.
   */
  async function assertMethodOffered(vendor: VendorRow, method: string): Promise<void> {
    if (!GATED_METHODS.includes(method)) return;
    const [parameter, variations] = await Promise.all([
      vendors.findCountryParameter('paymentMethods'),
      flags.variations(),
    ]);
    const offered = offeredPaymentMethods(parameter, vendor.payment_methods, {
      isOnlinePaymentOn: false,
      isPayAtPickupOn: variations.PayAtPickup === true,
    });
    if (!(offered as readonly string[]).includes(method)) {
      throw keyedError(400, 'ValidationError', 'error.no-payment-method-available', 'paymentMethod');
    }
  }

  /** The checks of a create beyond the spec §5 chain, in decision 022's order; they read but write nothing. */
  async function prepareCreate(
    caller: Caller,
    vendor: VendorRow,
    body: OrderCreateBody,
    options: { isPaymentIntent?: boolean; isCheckOnly: true },
  ): Promise<null>;
  async function prepareCreate(
    caller: Caller,
    vendor: VendorRow,
    body: OrderCreateBody,
    options?: { isPaymentIntent?: boolean },
  ): Promise<PreparedOrder>;
  /**
   * `isCheckOnly`: every check, and no order built (a bulk row checked before its placement, which builds
   * it then with a fresh quote).
   */
  async function prepareCreate(
    caller: Caller,
    vendor: VendorRow,
    body: OrderCreateBody,
    options: { isPaymentIntent?: boolean; isCheckOnly?: boolean } = {},
  ): Promise<PreparedOrder | null> {
    const at = now();
    assertVendorActive(vendor);
    assertPaymentMethod(vendor, body.order.payment_method, options);
    await assertMethodOffered(vendor, body.order.payment_method);
    const pickup = resolvePickup(vendor, body.sender);
    assertAddress(body.customer.location, 'customer.location');
    assertVatNumber(body.vat_number);
    const preorderedFor = preorderTime(body.preordered_for, at);
    // A pre-order is judged by the hours at its own time (spec §4 CHECK_SERVICE_HOURS).
    await serviceHours.assertOpen(preorderedFor ?? at);
    const destination = { lat: body.customer.location.latitude, lng: body.customer.location.longitude };
    const testVendorFee = testVendorFeeOf(vendor, pickup.point, destination);
    if (!testVendorFee) assertDeliverable(vendor, pickup.point, destination, 'customer.location');
    const trip = { vendorId: vendor.vendor_id, origin: pickup.point, destination };
    const quote = { fee: body.delivery_fee, signature: body.signature, currency };
    const feeMinor = orderFee(signer, trip, quote, testVendorFee);
    const voucher = body.voucher
      ? await verifyVoucher(
          { signer, vouchers },
          vendor,
          { ...body, voucher: body.voucher },
          { feeMinor, currency },
          preorderedFor ?? at,
        )
      : null;
    if (options.isCheckOnly) return null;
    return newOrder({
      caller,
      vendor,
      body,
      country,
      pickup,
      destination,
      preorderedFor,
      feeMinor,
      voucher,
      estimations: await pricing.estimationsFor(vendor, pickup.point, destination),
      distanceKm: pricing.vendorFee(vendor, pickup.point, destination).distanceKm,
      placedAt: at,
    });
  }

  /**
   * Order row, its first history entry (spec §3 status_history starts with NEW) and the live announcement
   * commit together, like every lifecycle step (docs/decisions/024-live-tracking.md).
   */
  async function insertOrder(tx: Db, order: PreparedOrder): Promise<string> {
    const [orderId] = await insertOrders(tx, [order]);
    return orderId!;
  }

  /** Several orders the same way, a statement per step for all of them (a chunk of a bulk job). */
  async function insertOrders(tx: Db, orders: readonly PreparedOrder[]): Promise<string[]> {
    if (orders.length === 0) return [];
    const at = now();
    const numbers = await repo.nextOrderNumbers(tx, orders.length);
    const rows = orders.map((order, index) => ({
      ...order,
      order_id: formatOrderId(order.vendor_id, numbers[index]!),
      created_at: at,
    }));
    // Each order with its first history entry (the status it was written with: NEW, or INITIATED for a card
    // order) and its announcement, in one statement.
    await repo.insertOrdersAnnounced(tx, rows);
    const placed = rows.map((row) => ({
      orderId: row.order_id,
      vendorId: row.vendor_id,
      isMessageDue: isMessageDue(row),
    }));
    await written(tx, { kind: 'created', orders: placed }, at);
    return rows.map((row) => row.order_id);
  }

  /**
   * The time an edited order is due: a pre-order still waiting for its time may move within the window and the
   * service hours (as a create is checked) or become as soon as possible; an order already due keeps its time.
   */
  async function rescheduled(
    stored: Date | null,
    requested: number | null | undefined,
    isFuturePreorder: boolean,
    at: Date,
  ): Promise<Date | null> {
    if (requested === undefined || (stored !== null && requested === stored.getTime() / 1000)) return stored;
    if (!isFuturePreorder) {
      throw keyedError(409, 'OrderNotEditable', 'error.order.schedule-not-editable', 'preordered_for');
    }
    const time = preorderTime(requested, at);
    await serviceHours.assertOpen(time ?? at);
    return time;
  }

  /** The contract and the spec §5 chain on a body the server built, as POST /order admits one. */
  async function admitBuilt(caller: Caller, raw: unknown): Promise<{ vendor: VendorRow; body: OrderCreateBody }> {
    const parsed = OrderCreateBodySchema.safeParse(raw);
    const schemaError = parsed.success ? null : schemaErrorOf(parsed.error.issues);
    const { vendor } = await admit<OrderCreateBody>(caller, raw, schemaError, async () =>
      orderPayloadFromCreateBody(raw),
    );
    return { vendor, body: parsed.data! };
  }

  /**
   * A create's one statement with its optional key (decision 100), for POST /order and the merchant API; with
   * `answer`, the key stores that answer and the reply is it (decision 167), else POST /order's.
   */
  async function placeOnce<T extends { order_id: string }>(
    caller: Caller,
    vendor: VendorRow,
    body: OrderCreateBody,
    request: IdempotentRequest | null,
    origin: Pick<PreparedOrder, 'api_client_id' | 'client_order_id'>,
    answer: PlacedAnswer<T> | null,
  ): Promise<OrderReply<unknown>> {
    const replayOf = (stored: { statusCode: number; body: unknown }): OrderReply<unknown> => {
      metrics.idempotentReplays.inc();
      return { statusCode: stored.statusCode, body: stored.body, isReplay: true };
    };

    let order: PreparedOrder;
    try {
      order = await prepareCreate(caller, vendor, body);
    } catch (error) {
      // A completed key answers as it first did, whatever the checks say now (an expired quote, closed hours):
      // looked up only when a check refuses, so a request that passes them costs no look-up.
      const stored = request && error instanceof AppError ? await idempotency.storedAnswer(request) : null;
      if (stored) return replayOf(stored);
      throw error;
    }

    const at = now();
    if (request) await idempotency.sweepExpiredKeys(at);
    const row = { ...order, ...origin, created_at: at };
    // The answer before the statement, its order id left for the statement to write in.
    const placedAnswer = answer && {
      statusCode: answer.statusCode,
      body: answer.of(placedOrderRow({ ...row, order_id: '' }, vendor)),
    };
    const claim = request && { ...idempotency.claimOf(request, at), ...(placedAnswer && { answer: placedAnswer }) };
    const place = (handle: Db) => repo.insertOrderOnce(handle, row, orderIdPrefix(order.vendor_id), claim);
    // One statement when no other module writes with this create (decision 100); else in one transaction.
    let isConcerned = false;
    for (const hook of writeHooks) isConcerned ||= await hook.concerns(order.vendor_id, order);
    const result = isConcerned
      ? await db.transaction(async (tx) => {
          const placed = await place(tx);
          if (placed.kind === 'placed') {
            const orders = [{ orderId: placed.orderId, vendorId: order.vendor_id, isMessageDue: isMessageDue(order) }];
            await written(tx, { kind: 'created', orders }, at);
          }
          return placed;
        })
      : await place(db);
    if (result.kind !== 'placed') return replayOf(await idempotency.replayOf(request!, result));
    metrics.ordersCreated.inc();
    if (placedAnswer) {
      const placed = { ...placedAnswer.body, order_id: result.orderId };
      return { statusCode: placedAnswer.statusCode, body: placed, isReplay: false };
    }
    return { statusCode: 200, body: { result: { order_id: result.orderId } }, isReplay: false };
  }

  return {
    /** Adds writes to the transaction of every create and edit (see OrderWriteHook). */
    onWrite(hook: OrderWriteHook): void {
      writeHooks.push(hook);
    },

    /**
     * The checks of a create for an order paid by card (spec §7 payment intent and its confirmation): the
     * same chain and fee checks as POST /order, with ONLINE_PAYMENT as the only method it takes.
     */
    prepareCardOrder(caller: Caller, vendor: VendorRow, body: OrderCreateBody): Promise<PreparedOrder> {
      return prepareCreate(caller, vendor, body, { isPaymentIntent: true });
    },

    /**
     * Places a prepared card order in INITIATED (spec §4: paid online, it waits for its payment before it is
     * dispatched), with its history entry and announcement, inside the caller's transaction.
     */
    placeInitiated(tx: Db, order: PreparedOrder): Promise<string> {
      return insertOrder(tx, { ...order, status: 'INITIATED', payment_status: 'pending' });
    },

    admitCreate(caller: Caller, raw: unknown, schemaError: SchemaError | null) {
      return admit<OrderCreateBody>(caller, raw, schemaError, async () => orderPayloadFromCreateBody(raw));
    },

    admitUpdate(caller: Caller, orderId: string, raw: unknown, schemaError: SchemaError | null) {
      return admit<OrderUpdateBody>(caller, raw, schemaError, async (vendor) => {
        const stored = vendor ? await repo.findOrderOfVendor(db, orderId, vendor.vendor_id) : null;
        if (vendor && !stored) throw orderNotFound();
        return orderPayloadFromUpdateBody(raw, stored ?? { customer_name: '', customer_phone: '' });
      });
    },

    /**
     * Every check POST /order makes, in its order (contract, spec §5 chain, then decision 022's), on a body the
     * server built (a bulk row), without writing: the order `placePrepared` would write, or the error POST
     * /order would answer.
     */
    async checkCreate(caller: Caller, raw: unknown): Promise<{ vendor: VendorRow; order: PreparedOrder }> {
      const { vendor, body } = await admitBuilt(caller, raw);
      return { vendor, order: await prepareCreate(caller, vendor, body) };
    },

    /** The same checks as `checkCreate` (the same errors), without building the order (a bulk row's check). */
    async assertCreatable(caller: Caller, raw: unknown): Promise<void> {
      const { vendor, body } = await admitBuilt(caller, raw);
      await prepareCreate(caller, vendor, body, { isCheckOnly: true });
    },

    /**
     * Writes orders `checkCreate` prepared, inside the caller's transaction (a chunk of a bulk job's rows):
     * their ids in the same order.
     */
    placePrepared(tx: Db, orders: readonly PreparedOrder[]): Promise<string[]> {
      return insertOrders(tx, orders);
    },

    /**
     * POST /order in one statement (decision 100): the order, its history entry, its announcement and, with an
     * Idempotency-Key, the key and the answer it replays. A refused request stores nothing, so a retry is
     * checked again — unless the key was completed, whose answer every retry replays (decision 021).
     */
    create(
      caller: Caller,
      vendor: VendorRow,
      body: OrderCreateBody,
      idempotencyKey: string | null,
    ): Promise<OrderReply> {
      const request = idempotencyKey
        ? { owner: keyOwnerOf(caller), key: idempotencyKey, hash: requestHash(body) }
        : null;
      return placeOnce(caller, vendor, body, request, {}, null) as Promise<OrderReply>;
    },

    /**
     * The merchant API's POST /orders (decision 153): the same checks and statement as POST /order, the key
     * being the client's `client_order_id` under the client's own owner and hashed over the body the client sent;
     * the order keeps the client and its id. The answer is the caller's, of the order as placed, and the key
     * stores it in the same statement (decision 167); a replay's body is what the key stored.
     */
    createForApiClient<T extends { order_id: string }>(
      caller: Caller,
      vendor: VendorRow,
      body: OrderCreateBody,
      request: IdempotentRequest | null,
      origin: { api_client_id: string; client_order_id: string | null },
      answer: PlacedAnswer<T>,
    ): Promise<OrderReply<unknown>> {
      return placeOnce(caller, vendor, body, request, origin, answer);
    },

    /** The answer stored under a completed key, or null (a key's first request, or one that was refused). */
    storedAnswer(request: IdempotentRequest): Promise<StoredAnswer | null> {
      return idempotency.storedAnswer(request);
    },

    async get(caller: Caller, vendorId: string, orderId: string): Promise<Order> {
      await vendors.vendorOfCaller(caller, vendorId);
      const order = await loadOrderViewOfVendor(db, orderId, vendorId);
      if (!order) throw orderNotFound();
      return order;
    },

    /** A proof photo of an order of the caller's vendors (spec §1). */
    async proof(caller: Caller, orderId: string, kind: ProofKind): Promise<{ content_type: string; bytes: Buffer }> {
      const vendorIds = await vendors.vendorIdsForCaller(caller);
      const proof = await repo.findProofOfVendors(db, orderId, kind, vendorIds);
      // Another merchant's order answers exactly like an order without that proof.
      if (!proof) throw keyedError(404, 'NotFound', 'error.proof.not-found');
      return proof;
    },

    /** PUT /order/{orderId}: re-validated like a create; only before pickup (spec §4 progress order). */
    async update(vendor: VendorRow, orderId: string, body: OrderUpdateBody): Promise<Order> {
      assertPaymentMethod(vendor, body.payment_method);
      await assertMethodOffered(vendor, body.payment_method);
      assertAddress(body.location, 'location');
      const destination = { lat: body.location.latitude, lng: body.location.longitude };

      return db.transaction(async (tx) => {
        const stored = await repo.lockOrder(tx, orderId, vendor.vendor_id);
        if (!stored) throw orderNotFound();
        const refusal = orderEditRefusal({ status: stored.status, paymentMethod: stored.payment_method });
        if (refusal) throw keyedError(409, 'OrderNotEditable', refusal);

        const at = now();
        const isFuturePreorder = stored.preordered_for !== null && stored.preordered_for.getTime() > at.getTime();
        const preorderedFor = await rescheduled(stored.preordered_for, body.preordered_for, isFuturePreorder, at);

        const origin = { lat: stored.pickup_latitude, lng: stored.pickup_longitude };
        const testVendorFee = testVendorFeeOf(vendor, origin, destination);
        if (!testVendorFee) assertDeliverable(vendor, origin, destination, 'location');
        const feeMinor = orderFee(
          signer,
          { vendorId: vendor.vendor_id, origin, destination },
          { fee: body.delivery_fee, signature: body.signature, currency },
          testVendorFee,
        );
        // The stored voucher's discount is re-applied to the new fee (decision 022).
        const discount =
          stored.voucher_type && stored.voucher_value !== null
            ? discountMinor(
                { type: stored.voucher_type as 'amount', value: stored.voucher_value, currency: stored.currency },
                feeMinor,
              )
            : 0;
        const estimations = await pricing.estimationsFor(vendor, origin, destination);
        // MODIFIED never moves an order backwards (past NEAR_VENDOR), and a pre-order still in the future keeps
        // its status so it stays in the scheduled list (spec §4 "Preorder" bucket).
        const staysScheduled = preorderedFor !== null && preorderedFor.getTime() > at.getTime();
        const keepsStatus = staysScheduled || statusProgress(stored.status) >= statusProgress('MODIFIED');
        await repo.updateOrder(tx, orderId, {
          status: keepsStatus ? stored.status : 'MODIFIED',
          updated_at: at,
          delivery_fee_minor: feeMinor,
          discount_minor: discount,
          distance_m: Math.round(pricing.vendorFee(vendor, origin, destination).distanceKm * 1000),
          delivery_eta_minutes: estimations.delivery_minutes,
          ...(body.customer && {
            customer_name: body.customer.name,
            customer_phone: normalisePhoneNumber(body.customer.phone_number, country.code),
          }),
          customer_address: body.location.address,
          customer_notes: body.location.notes || null,
          customer_latitude: destination.lat,
          customer_longitude: destination.lng,
          amount_minor: toMinor(body.amount, currency),
          description: body.item_details,
          payment_method: body.payment_method,
          preordered_for: preorderedFor,
        });
        await repo.insertStatus(tx, orderId, 'MODIFIED', at);
        await written(tx, { kind: 'updated', orders: [{ orderId, vendorId: stored.vendor_id }] }, at);
        await repo.notifyOrderChange(tx, orderId);
        const order = await loadOrderView(tx, orderId);
        if (!order) throw orderNotFound();
        return order;
      });
    },
  };
}
