import { createHash, randomBytes } from 'node:crypto';
import type { Order, OrderCreateAnswer, OrderCreateBody, OrderUpdateBody } from '@riderdesk/domain/contracts/orders';
import { type GeoPoint, toMinor } from '@riderdesk/domain/money';
import { formatOrderId } from '@riderdesk/domain/order-id';
import { canEditOrder, type OrderStatus, statusProgress } from '@riderdesk/domain/order-status';
import { isWithinPreorderWindow } from '@riderdesk/domain/orders/preorder-window';
import { normalisePhoneNumber } from '@riderdesk/domain/phone';
import { firstAddressError } from '@riderdesk/domain/validation/address';
import {
  orderPayloadFromCreateBody,
  orderPayloadFromUpdateBody,
  vendorIdOfBody,
} from '@riderdesk/domain/validation/order-body';
import type { OrderPayload } from '@riderdesk/domain/validation/order-payload';
import { normaliseVatNumber, vatNumberError } from '@riderdesk/domain/validation/vat-number';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { assertSignature, type FeeSigner, feeChanged } from '../pricing/fee-signature.ts';
import type { PricingService } from '../pricing/service.ts';
import type { VendorRow } from '../vendors/repo.ts';
import type { VendorService } from '../vendors/service.ts';
import { hasPickupAddress, vendorOfCaller } from '../vendors/vendor-access.ts';
import { discountMinor, type VoucherService } from '../vouchers/service.ts';
import * as idempotency from './idempotency-repo.ts';
import { loadOrderView, loadOrderViewOfVendor } from './order-view.ts';
import * as repo from './repo.ts';
import { assertOrderPayload, keyedSchemaError } from './validation.ts';

export type OrderService = ReturnType<typeof orderService>;

/** Keys are kept a day: far beyond the browser's 3 retries at 1, 2 and 3 s (spec §7). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_SWEEP_MS = 60 * 60 * 1000;
// Card payments are placed through the payment-intent confirmation (spec §7), never POST /order.
const DIRECT_ORDER_EXCLUDED_METHODS: readonly string[] = ['ONLINE_PAYMENT'];

/** Fastify's validation failure (attachValidation), whose `validation` holds the schema issues. */
export type SchemaError = Error & { validation: FastifySchemaValidationError[] };

export interface OrderReply {
  statusCode: number;
  body: OrderCreateAnswer;
  isReplay: boolean;
}

export interface OrderDeps {
  db: Db;
  config: AppConfig;
  vendors: VendorService;
  pricing: PricingService;
  vouchers: VoucherService;
  signer: FeeSigner;
  now: () => Date;
}

/** sha256 of the body with its keys sorted, so key order and spacing do not make two bodies differ. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const ownerOf = (caller: Caller) => (caller.kind === 'user' ? `user:${caller.userId}` : `godroid:${caller.vendorId}`);

function addressErrors(location: { latitude?: number; longitude?: number; address?: string; notes?: string | null }) {
  return firstAddressError({ ...location, street: location.address });
}

export function orderService({ db, config, vendors, pricing, vouchers, signer, now }: OrderDeps) {
  const { country } = config.deployment;
  const { currency } = country;
  let lastSweep = 0;

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
    const vendor = vendorId ? await vendorOfCaller(db, vendors, caller, vendorId) : null;
    assertOrderPayload(await payloadOf(vendor), { countryCode: country.code, vendorId });
    if (schemaError) throw keyedSchemaError(schemaError.validation) ?? schemaError;
    return { vendor: vendor!, body: raw as T };
  }

  function assertPaymentMethod(vendor: VendorRow, method: string, field: string) {
    if (vendor.payment_methods[method] !== true || DIRECT_ORDER_EXCLUDED_METHODS.includes(method)) {
      throw keyedError(400, 'ValidationError', 'error.no-payment-method-available', field);
    }
  }

  /** The checks of a create beyond the spec §5 chain; they read the database but write nothing. */
  async function prepareCreate(caller: Caller, vendor: VendorRow, body: OrderCreateBody) {
    const at = now();
    assertPaymentMethod(vendor, body.order.payment_method, 'paymentMethod');

    // spec §3: a vendor without a saved pickup address sends the sender, which becomes the pickup.
    let pickup: { point: GeoPoint; address: string | null; notes: string | null };
    if (hasPickupAddress(vendor)) {
      pickup = {
        point: { lat: vendor.latitude!, lng: vendor.longitude! },
        address: [vendor.unit, vendor.building, vendor.address_text].filter(Boolean).join(', ') || null,
        notes: vendor.rider_instructions,
      };
    } else {
      if (!body.sender) throw keyedError(400, 'ValidationError', 'validation.sender-required', 'sender');
      const problem = addressErrors(body.sender.location);
      if (problem) throw keyedError(400, 'ValidationError', problem, 'sender.location');
      pickup = {
        point: { lat: body.sender.location.latitude, lng: body.sender.location.longitude },
        address: body.sender.location.address,
        notes: body.sender.location.notes || null,
      };
    }
    const destinationProblem = addressErrors(body.customer.location);
    if (destinationProblem) throw keyedError(400, 'ValidationError', destinationProblem, 'customer.location');

    const vatError = vatNumberError(body.vat_number);
    if (vatError) throw keyedError(400, 'ValidationError', vatError, 'vat_number');

    // spec §9 pre-order window: later than now and at most 2 days ahead.
    let preorderedFor: Date | null = null;
    if (body.preordered_for !== null) {
      preorderedFor = new Date(body.preordered_for * 1000);
      if (!isWithinPreorderWindow(preorderedFor, at)) {
        throw keyedError(400, 'ValidationError', 'validation.preorder-window', 'preordered_for');
      }
    }

    // A pre-order is judged by the hours at its own time (spec §4 CHECK_SERVICE_HOURS).
    await pricing.assertServiceOpen(preorderedFor ?? at);

    const destination = { lat: body.customer.location.latitude, lng: body.customer.location.longitude };
    if (!pricing.deliverable(vendor, pickup.point, destination)) {
      throw keyedError(400, 'Undeliverable', 'request.error.undeliverable-address', 'customer.location');
    }

    const feeMinor = toMinor(body.delivery_fee, currency);
    assertSignature(
      signer.verifyQuote({ vendorId: vendor.vendor_id, origin: pickup.point, destination, feeMinor }, body.signature),
      'delivery_fee',
    );

    let voucher: { code: string; type: string; value: number; discountMinor: number } | null = null;
    if (body.voucher) {
      const usable = await vouchers.usableVoucher(body.voucher.code, vendor);
      const discount = discountMinor(usable, feeMinor);
      if (toMinor(body.discounted_delivery_fee ?? -1, currency) !== feeMinor - discount) {
        throw feeChanged('discounted_delivery_fee');
      }
      assertSignature(
        signer.verifyDiscount(
          { baseSignature: body.signature, voucherCode: usable.code, feeMinor: feeMinor - discount },
          body.discounted_delivery_fee_signature ?? '',
        ),
        'discounted_delivery_fee',
      );
      voucher = { code: usable.code, type: usable.type, value: usable.value, discountMinor: discount };
    }

    const estimations = await pricing.estimationsFor(vendor, pickup.point, destination);
    const distanceKm = pricing.feeFor(pickup.point, destination).distanceKm;
    const order: Omit<repo.NewOrder, 'order_id' | 'created_at'> = {
      vendor_id: vendor.vendor_id,
      tracking_token: randomBytes(32).toString('base64url'),
      created_by: caller.kind === 'user' ? caller.userId : null,
      status: 'NEW',
      preordered_for: preorderedFor,
      currency,
      delivery_fee_minor: feeMinor,
      discount_minor: voucher?.discountMinor ?? 0,
      voucher_code: voucher?.code ?? null,
      voucher_type: voucher?.type ?? null,
      voucher_value: voucher?.value ?? null,
      distance_m: Math.round(distanceKm * 1000),
      pickup_eta_minutes: estimations.pickup_minutes,
      delivery_eta_minutes: estimations.delivery_minutes,
      customer_name: body.customer.name,
      customer_phone: normalisePhoneNumber(body.customer.phone_number, country.code),
      customer_address: body.customer.location.address,
      customer_notes: body.customer.location.notes || null,
      customer_latitude: destination.lat,
      customer_longitude: destination.lng,
      pickup_address: pickup.address,
      pickup_notes: pickup.notes,
      pickup_latitude: pickup.point.lat,
      pickup_longitude: pickup.point.lng,
      sender_name: hasPickupAddress(vendor) ? null : (body.sender?.name ?? null),
      sender_email: hasPickupAddress(vendor) ? null : (body.sender?.email ?? null),
      sender_phone: hasPickupAddress(vendor) ? null : (body.sender?.phone_number ?? null),
      amount_minor: toMinor(body.order.amount, currency),
      description: body.order.description,
      payment_method: body.order.payment_method,
      vat_number: normaliseVatNumber(body.vat_number),
      age_validation_required: body.age_validation_required,
      login_pickup_estimation: body.login_pickup_estimation,
    };
    return order;
  }

  /**
   * Order row, its first history entry (spec §3 status_history starts with NEW) and the live announcement
   * commit together, like every lifecycle step (docs/decisions/024-live-tracking.md).
   */
  async function insertOrder(tx: Db, order: Omit<repo.NewOrder, 'order_id' | 'created_at'>): Promise<string> {
    const at = now();
    const orderId = formatOrderId(order.vendor_id, await repo.nextOrderNumber(tx));
    await repo.insertOrder(tx, { ...order, order_id: orderId, created_at: at });
    await repo.insertHistory(tx, orderId, 'NEW', at);
    await repo.notifyOrderChange(tx, orderId);
    return orderId;
  }

  async function sweepExpiredKeys(at: Date) {
    if (at.getTime() - lastSweep < IDEMPOTENCY_SWEEP_MS) return;
    lastSweep = at.getTime();
    await idempotency.deleteExpiredKeys(db, at);
  }

  function replay(row: idempotency.IdempotencyRow, hash: string): OrderReply {
    // Same key, different body: a client bug that must not silently return another order's answer.
    if (row.request_hash !== hash) {
      throw new AppError(422, 'IdempotencyKeyReused', 'IdempotencyKeyReused');
    }
    return { statusCode: row.status_code ?? 200, body: row.response as OrderCreateAnswer, isReplay: true };
  }

  return {
    admitCreate(caller: Caller, raw: unknown, schemaError: SchemaError | null) {
      return admit<OrderCreateBody>(caller, raw, schemaError, async () => orderPayloadFromCreateBody(raw));
    },

    admitUpdate(caller: Caller, orderId: string, raw: unknown, schemaError: SchemaError | null) {
      return admit<OrderUpdateBody>(caller, raw, schemaError, async (vendor) => {
        const stored = vendor ? await repo.findOrderForVendor(db, orderId, vendor.vendor_id) : null;
        if (vendor && !stored) throw keyedError(404, 'NotFound', 'error.order.not-found', 'orderId');
        return orderPayloadFromUpdateBody(raw, stored ?? { customer_name: '', customer_phone: '' });
      });
    },

    /**
     * POST /order. With an Idempotency-Key the first success is stored with the order in one
     * transaction and every retry replays it; failures store nothing, so a retry re-validates.
     */
    async create(
      caller: Caller,
      vendor: VendorRow,
      body: OrderCreateBody,
      idempotencyKey: string | null,
    ): Promise<OrderReply> {
      const owner = ownerOf(caller);
      const hash = idempotencyKey ? requestHash(body) : '';
      if (idempotencyKey) {
        const at = now();
        await sweepExpiredKeys(at);
        const existing = await idempotency.findKey(db, owner, idempotencyKey, at);
        if (existing?.response) return replay(existing, hash);
      }

      const order = await prepareCreate(caller, vendor, body);

      return db.transaction(async (tx): Promise<OrderReply> => {
        if (idempotencyKey) {
          const at = now();
          const claimed = await idempotency.claimKey(tx, {
            owner,
            key: idempotencyKey,
            requestHash: hash,
            now: at,
            expiresAt: new Date(at.getTime() + IDEMPOTENCY_TTL_MS),
          });
          if (!claimed) {
            const existing = await idempotency.findKey(tx, owner, idempotencyKey, at);
            if (existing) return replay(existing, hash);
            throw new AppError(409, 'IdempotencyConflict', 'IdempotencyConflict');
          }
        }
        const orderId = await insertOrder(tx, order);
        const answer: OrderReply = { statusCode: 200, body: { result: { order_id: orderId } }, isReplay: false };
        if (idempotencyKey) await idempotency.completeKey(tx, owner, idempotencyKey, answer.statusCode, answer.body);
        return answer;
      });
    },

    async get(caller: Caller, vendorId: string, orderId: string): Promise<Order> {
      await vendorOfCaller(db, vendors, caller, vendorId);
      const order = await loadOrderViewOfVendor(db, orderId, vendorId);
      if (!order) throw keyedError(404, 'NotFound', 'error.order.not-found', 'orderId');
      return order;
    },

    /** PUT /order/{orderId}: re-validated like a create; only before pickup (spec §4 progress order). */
    async update(vendor: VendorRow, orderId: string, body: OrderUpdateBody): Promise<Order> {
      assertPaymentMethod(vendor, body.payment_method, 'paymentMethod');
      const destinationProblem = addressErrors(body.location);
      if (destinationProblem) throw keyedError(400, 'ValidationError', destinationProblem, 'location');
      const destination = { lat: body.location.latitude, lng: body.location.longitude };
      const feeMinor = toMinor(body.delivery_fee, currency);

      return db.transaction(async (tx) => {
        const stored = await repo.lockOrderOfVendor(tx, orderId, vendor.vendor_id);
        if (!stored) throw keyedError(404, 'NotFound', 'error.order.not-found', 'orderId');
        if (!canEditOrder(stored.status)) throw keyedError(409, 'OrderNotEditable', 'error.order.not-editable');

        const origin = { lat: stored.pickup_latitude, lng: stored.pickup_longitude };
        if (!pricing.deliverable(vendor, origin, destination)) {
          throw keyedError(400, 'Undeliverable', 'request.error.undeliverable-address', 'location');
        }
        assertSignature(
          signer.verifyQuote({ vendorId: vendor.vendor_id, origin, destination, feeMinor }, body.signature),
          'delivery_fee',
        );
        const discount =
          stored.voucher_type && stored.voucher_value !== null
            ? discountMinor(
                { type: stored.voucher_type as 'amount', value: stored.voucher_value, currency: stored.currency },
                feeMinor,
              )
            : 0;
        const at = now();
        const estimations = await pricing.estimationsFor(vendor, origin, destination);
        // MODIFIED never moves an order backwards (past NEAR_VENDOR), and a future pre-order keeps its
        // status so it stays in the scheduled list (spec §4 "Preorder" bucket).
        const isFuturePreorder = stored.preordered_for !== null && stored.preordered_for.getTime() > at.getTime();
        const keepsStatus =
          isFuturePreorder || statusProgress(stored.status as OrderStatus) >= statusProgress('MODIFIED');
        await repo.updateOrder(tx, orderId, {
          status: keepsStatus ? stored.status : 'MODIFIED',
          updated_at: at,
          delivery_fee_minor: feeMinor,
          discount_minor: discount,
          distance_m: Math.round(pricing.feeFor(origin, destination).distanceKm * 1000),
          delivery_eta_minutes: estimations.delivery_minutes,
          customer_address: body.location.address,
          customer_notes: body.location.notes || null,
          customer_latitude: destination.lat,
          customer_longitude: destination.lng,
          amount_minor: toMinor(body.amount, currency),
          description: body.item_details,
          payment_method: body.payment_method,
        });
        await repo.insertHistory(tx, orderId, 'MODIFIED', at);
        await repo.notifyOrderChange(tx, orderId);
        const order = await loadOrderView(tx, orderId);
        if (!order) throw keyedError(404, 'NotFound', 'error.order.not-found', 'orderId');
        return order;
      });
    },
  };
}
