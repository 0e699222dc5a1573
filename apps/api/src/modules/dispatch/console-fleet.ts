import { FLEET_AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import {
  BOARD_ENDED_HOURS,
  boardStageGroup,
  canReassign,
  classifyBoardOrder,
  compareBoardOrders,
} from '@riderdesk/domain/console/board';
import type { Board, BoardFreeRider, BoardOrder, OperatorCancelBody } from '@riderdesk/domain/contracts/console-board';
import type {
  ConsoleRider,
  ConsoleRiderCreateBody,
  ConsoleRiderCreated,
  ConsoleRiderDetail,
  RiderOrderSummary,
} from '@riderdesk/domain/contracts/console-riders';
import { haversineKm } from '@riderdesk/domain/money';
import { isTerminal, lifecycleStage } from '@riderdesk/domain/order-lifecycle';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { recordAudit } from '../operators/audit.ts';
import type { ConsoleOperator } from '../operators/model.ts';
import { type Lifecycle, orderNotFound } from '../orders/lifecycle.ts';
import type { OrderRow } from '../orders/model.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { DispatchConfig } from './config.ts';
import { withdrawOffer } from './offers.ts';
import * as repo from './repo.ts';
import { liveEtas } from './rider-service.ts';

export type FleetConsole = ReturnType<typeof fleetConsole>;

/** An order as the board reads it from the orders records. */
type BoardOrderRow = Awaited<ReturnType<OrderRecords['console']['board']>>[number];

const HOUR_MS = 3_600_000;
const FREE_RIDERS_LISTED = 20;
const RECENT_ORDERS_LISTED = 20;

const notReassignable = () => keyedError(409, 'NotReassignable', 'console.error.board.not-reassignable');
const notCancellable = () => keyedError(409, 'NotCancellable', 'console.error.board.not-cancellable');
const riderNotAvailable = () =>
  keyedError(409, 'RiderNotAvailable', 'console.error.board.rider-not-available', 'rider_id');
const riderNotFound = () => keyedError(404, 'NotFound', 'console.error.riders.not-found');
const riderBusy = () => keyedError(409, 'RiderBusy', 'console.error.riders.busy');
const riderDeactivated = () => keyedError(409, 'RiderDeactivated', 'console.error.riders.deactivated');
const phoneTaken = () => keyedError(409, 'PhoneTaken', 'console.error.riders.phone-taken', 'phone');

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toBoardOrder(row: BoardOrderRow, now: Date): BoardOrder {
  const riderSeenAt = row.rider_updated_at ?? null;
  const { exception, since } = classifyBoardOrder(
    { ...row, rider_seen_at: riderSeenAt, flagged: row.exception, flagged_at: row.exception_at },
    now,
  );
  const group = boardStageGroup(row);
  return {
    order_id: row.order_id,
    vendor_id: row.vendor_id,
    status: row.status,
    stage: lifecycleStage(row),
    group: group ?? 'ended',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    preordered_for: iso(row.preordered_for),
    exception,
    exception_since: iso(since),
    area: row.area,
    merchant: { name: row.outlet_name, phone: row.merchant_phone, email: row.merchant_email },
    pickup: { lat: row.pickup_latitude, lng: row.pickup_longitude },
    dropoff: { lat: row.customer_latitude, lng: row.customer_longitude },
    customer_address: row.customer_address,
    rider: row.rider_id
      ? {
          id: row.rider_id,
          name: row.rider_name ?? '',
          phone: row.rider_phone ?? '',
          position:
            row.rider_latitude != null && row.rider_longitude != null
              ? { lat: row.rider_latitude, lng: row.rider_longitude }
              : null,
          seen_at: iso(riderSeenAt),
        }
      : null,
    can_reassign: canReassign(row),
    // Operations may cancel at every stage before the drop-off (the lifecycle's table decides).
    can_cancel: !isTerminal(row.status),
  };
}

export function riderView(row: repo.RiderRow): ConsoleRider {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    vehicle: row.vehicle,
    state: row.state,
    position: row.latitude != null && row.longitude != null ? { lat: row.latitude, lng: row.longitude } : null,
    seen_at: row.updated_at.toISOString(),
    is_simulated: row.is_simulated,
    is_active: row.deactivated_at === null,
    current_order_id: row.current_order_id,
  };
}

const riderAuditState = (row: repo.RiderRow) => ({
  name: row.name,
  phone: row.phone,
  vehicle: row.vehicle,
  state: row.state,
  is_simulated: row.is_simulated,
  is_active: row.deactivated_at === null,
});

const orderSummary = (row: OrderRow): RiderOrderSummary => ({
  order_id: row.order_id,
  vendor_name: row.outlet_name,
  status: row.status,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  customer_address: row.customer_address,
});

/**
 * The console's live operations board and Riders page (issue 36, decision 181). Every change goes through the
 * lifecycle the rider API and the dispatcher use, with its audit entry in the step's transaction.
 */
export function fleetConsole({
  db,
  now,
  lifecycle,
  orders,
  config,
}: {
  db: Db;
  now: () => Date;
  lifecycle: Lifecycle;
  orders: OrderRecords;
  config: Pick<DispatchConfig, 'offerTimeoutSeconds'>;
}) {
  return {
    async board(): Promise<Board> {
      const at = now();
      const rows = await orders.console.board(new Date(at.getTime() - BOARD_ENDED_HOURS * HOUR_MS));
      const list = rows.map((row) => toBoardOrder(row, at));
      list.sort(compareBoardOrders);
      return { orders: list, now: at.toISOString() };
    },

    async boardOrder(orderId: string): Promise<BoardOrder> {
      const row = await orders.console.boardOrder(orderId);
      if (!row) throw orderNotFound();
      return toBoardOrder(row, now());
    },

    /** The order as a live board's socket is sent it (modules/live/hub.ts). */
    async boardOrderOrNull(orderId: string): Promise<BoardOrder | null> {
      const row = await orders.console.boardOrder(orderId);
      return row ? toBoardOrder(row, now()) : null;
    },

    /** Free riders nearest the order's pickup first: whom it may be handed to. */
    async freeRiders(orderId: string): Promise<BoardFreeRider[]> {
      const row = await orders.find(orderId);
      if (!row) throw orderNotFound();
      const pickup = { lat: row.pickup_latitude, lng: row.pickup_longitude };
      return (await repo.availableRiders(db))
        .filter((rider) => rider.id !== row.rider_id)
        .map((rider) => ({ rider, km: haversineKm({ lat: rider.latitude!, lng: rider.longitude! }, pickup) }))
        .sort((a, b) => a.km - b.km)
        .slice(0, FREE_RIDERS_LISTED)
        .map(({ rider }) => ({
          id: rider.id,
          name: rider.name,
          phone: rider.phone,
          position: { lat: rider.latitude!, lng: rider.longitude! },
          is_simulated: rider.is_simulated,
        }));
    },

    /**
     * Offers the order to another free rider, as the dispatcher would: the rider accepts it through the rider
     * API (the simulator's riders at once), or lets the offer expire and the dispatcher carries on. The first
     * rider is freed and never offered it again. Only before the pickup (REASSIGNABLE_STAGES).
     */
    async reassign(by: ConsoleOperator, orderId: string, riderId: string): Promise<BoardOrder> {
      const current = await orders.find(orderId);
      if (!current) throw orderNotFound();
      if (!canReassign(current)) throw notReassignable();
      const rider = await repo.findRider(db, riderId);
      if (!rider || rider.id === current.rider_id || rider.deactivated_at || rider.latitude == null) {
        throw riderNotAvailable();
      }
      const position = { lat: rider.latitude, lng: rider.longitude! };
      const before = { status: current.status, rider_id: current.rider_id };
      // An offer not yet accepted is withdrawn first: ASSIGNED_TO_TRANSPORT cannot follow itself.
      if (lifecycleStage(current) === 'ASSIGNED_TO_TRANSPORT') {
        await withdrawOffer(lifecycle, orderId, 'reassigned', (row, stage) => {
          if (stage !== 'ASSIGNED_TO_TRANSPORT' || row.rider_id !== current.rider_id) throw notReassignable();
        });
      }
      await lifecycle.step(orderId, 'ASSIGNED_TO_TRANSPORT', {
        guard: (row) => {
          if (!canReassign(row)) throw notReassignable();
        },
        patch: (row, at) => ({
          rider_id: riderId,
          offer_expires_at: new Date(at.getTime() + config.offerTimeoutSeconds * 1000),
          // The no_courier time limit counts afresh from the operator's choice.
          dispatch_started_at: at,
          ...(liveEtas(row, 'ASSIGNED_TO_TRANSPORT', position) ?? {}),
        }),
        also: async (tx, row, at) => {
          if (row.rider_id) {
            await repo.insertDecline(tx, orderId, row.rider_id, 'reassigned', at);
            await repo.releaseRider(tx, row.rider_id, orderId, at);
          }
          if (!(await repo.reserveRider(tx, riderId, orderId, at))) throw riderNotAvailable();
          await recordAudit(tx, {
            at,
            operatorId: by.id,
            action: FLEET_AUDIT_ACTIONS.reassignOrder,
            target: { type: 'order', id: orderId },
            before,
            after: { status: 'ASSIGNED_TO_TRANSPORT', rider_id: riderId, rider_name: rider.name },
          });
        },
      });
      return this.boardOrder(orderId);
    },

    /** Cancels with the operator's reason, through the lifecycle's cancel (the rider is freed). */
    async cancel(by: ConsoleOperator, orderId: string, body: OperatorCancelBody): Promise<BoardOrder> {
      const note = body.note && body.note.length > 0 ? body.note : null;
      try {
        await lifecycle.cancel(orderId, body.reason, undefined, note, async (tx, row, at) => {
          await recordAudit(tx, {
            at,
            operatorId: by.id,
            action: FLEET_AUDIT_ACTIONS.cancelOrder,
            target: { type: 'order', id: orderId },
            before: { status: row.status, rider_id: row.rider_id },
            after: { status: 'CANCELLED', cancel_reason: body.reason, cancel_note: note },
          });
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'TransitionNotAllowed') throw notCancellable();
        throw error;
      }
      return this.boardOrder(orderId);
    },

    async riders(): Promise<ConsoleRider[]> {
      return (await repo.listRiders(db)).map(riderView);
    },

    async rider(riderId: string): Promise<ConsoleRiderDetail> {
      const row = await repo.findRider(db, riderId);
      if (!row) throw riderNotFound();
      const recent = await orders.console.ofRider(riderId, RECENT_ORDERS_LISTED);
      const current = row.current_order_id ? await orders.find(row.current_order_id) : null;
      return {
        rider: riderView(row),
        current_order: current ? orderSummary(current) : null,
        recent_orders: recent.map(orderSummary),
      };
    },

    /** A rider for a rider app: the token is answered once and only its sha256 is kept. */
    async createRider(by: ConsoleOperator, body: ConsoleRiderCreateBody): Promise<ConsoleRiderCreated> {
      const token = randomToken();
      const rider = await db.transaction(async (tx) => {
        const id = await repo.insertRider(tx, {
          name: body.name,
          phone: body.phone,
          vehicle: body.vehicle,
          tokenHash: sha256(token),
        });
        if (!id) throw phoneTaken();
        const row = await repo.findRider(tx, id);
        if (!row) throw riderNotFound();
        await recordAudit(tx, {
          at: now(),
          operatorId: by.id,
          action: FLEET_AUDIT_ACTIONS.createRider,
          target: { type: 'rider', id },
          before: null,
          after: riderAuditState(row),
        });
        return row;
      });
      return { rider: riderView(rider), token };
    },

    /** The rider is offered nothing more and their token stops; one on an order is refused (reassign it first). */
    async deactivateRider(by: ConsoleOperator, riderId: string): Promise<ConsoleRider> {
      return db.transaction(async (tx) => {
        const row = await repo.lockRider(tx, riderId);
        if (!row) throw riderNotFound();
        if (row.deactivated_at) throw riderDeactivated();
        if (row.state === 'ASSIGNED' || row.current_order_id) throw riderBusy();
        const at = now();
        await repo.deactivateRider(tx, riderId, at);
        const after = await repo.findRider(tx, riderId);
        if (!after) throw riderNotFound();
        await recordAudit(tx, {
          at,
          operatorId: by.id,
          action: FLEET_AUDIT_ACTIONS.deactivateRider,
          target: { type: 'rider', id: riderId },
          before: riderAuditState(row),
          after: riderAuditState(after),
        });
        return riderView(after);
      });
    },
  };
}
