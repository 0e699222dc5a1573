import type { OperatorRole } from '@riderdesk/domain/console/roles';
import { BoardSchema } from '@riderdesk/domain/contracts/console-board';
import { ConsoleRiderListSchema } from '@riderdesk/domain/contracts/console-riders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  auditEntriesOf,
  CONSOLE_API,
  operatorOfEachRole,
  signInOperator,
  type TestOperator,
} from './support/console.ts';
import { createMerchant, createRider, type Merchant, OUTLET, relogin, type TestRider } from './support/factories.ts';
import { orderOf, placeOrder, proof, riderCall, translationKey } from './support/orders.ts';

const MINUTE = 60_000;

describe.each(databases())('the console’s live board and riders on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let ops: Record<OperatorRole, TestOperator>;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    ops = await operatorOfEachRole(t);
  });
  afterAll(() => t.close());
  // Tests move the clock past the sessions' idle limit: every operator signs in again.
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
    for (const role of Object.keys(ops) as OperatorRole[]) ops[role] = await signInOperator(t, ops[role]);
  });

  const call = (method: 'GET' | 'POST', url: string, operator: TestOperator, payload?: object) =>
    t.app.inject({ method, url: `${CONSOLE_API}${url}`, headers: operator.headers, ...(payload ? { payload } : {}) });

  async function noRiderFree() {
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    await t.db.query(
      `update orders set status = 'CANCELLED' where status in ('NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT')`,
    );
  }

  /** An order accepted by `rider`, then past its 60-minute promise: the dispatcher marks it DELAYED. */
  async function delayedOrderOf(rider: TestRider): Promise<string> {
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(200);
    t.clock.advance(61 * MINUTE);
    await t.services.dispatcher.tick();
    merchant = await relogin(t, merchant);
    expect((await orderOf(t, merchant, orderId)).status).toBe('DELAYED');
    for (const role of Object.keys(ops) as OperatorRole[]) ops[role] = await signInOperator(t, ops[role]);
    return orderId;
  }

  it('lists a DELAYED order among the exceptions with its age, and an operator hands it to another rider', async () => {
    await noRiderFree();
    const first = await createRider(t.db, { lat: OUTLET.lat + 0.002, lng: OUTLET.lng });
    const orderId = await delayedOrderOf(first);
    // The first rider keeps reporting, so the order is late but its rider is not unreachable.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider/position',
      headers: first.headers,
      payload: { latitude: OUTLET.lat + 0.001, longitude: OUTLET.lng },
    });
    const second = await createRider(t.db, { lat: OUTLET.lat + 0.004, lng: OUTLET.lng }, { name: 'Sana Tariq' });

    const board = await call('GET', '/board', ops.support);
    expect(board.statusCode, board.body).toBe(200);
    const { orders } = BoardSchema.parse(board.json());
    const listed = orders.find((order) => order.order_id === orderId);
    expect(listed).toMatchObject({
      status: 'DELAYED',
      stage: 'COURIER_ACCEPTED_DELIVERY',
      exception: 'delayed',
      can_reassign: true,
      can_cancel: true,
      rider: { id: first.id },
      merchant: { name: expect.any(String) },
    });
    expect(listed?.exception_since).not.toBeNull();
    // Exceptions come before the orders that need nobody.
    const firstQuiet = orders.findIndex((order) => order.exception === null);
    if (firstQuiet !== -1) expect(orders.indexOf(listed!)).toBeLessThan(firstQuiet);

    const free = await call('GET', `/board/free-riders?order_id=${orderId}`, ops.operations);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().riders.map((rider: { id: string }) => rider.id)).toContain(second.id);
    expect(free.json().riders.map((rider: { id: string }) => rider.id)).not.toContain(first.id);

    for (const role of ['support', 'finance'] as const) {
      const refused = await call('POST', `/orders/${orderId}/reassign`, ops[role], { rider_id: second.id });
      expect(refused.statusCode, role).toBe(403);
      expect(translationKey(refused)).toBe('console.error.forbidden');
    }
    const reassigned = await call('POST', `/orders/${orderId}/reassign`, ops.operations, { rider_id: second.id });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(reassigned.json()).toMatchObject({ status: 'ASSIGNED_TO_TRANSPORT', rider: { id: second.id } });

    // The first rider is free and no longer has the order; the second accepts it through the rider API.
    const [freed] = await t.db.query<{ state: string }>('select state from riders where id = $1', [first.id]);
    expect(freed?.state).toBe('AVAILABLE');
    expect((await riderCall(t, first, orderId, 'arrived-at-vendor')).statusCode).toBe(404);
    const accepted = await riderCall(t, second, orderId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().result.status).toBe('COURIER_ACCEPTED_DELIVERY');
    // The dispatcher never offers it back to the first rider, and it is still counted late.
    const after = await call('GET', `/board/orders/${orderId}`, ops.operations);
    expect(after.json()).toMatchObject({ exception: 'delayed', rider: { id: second.id } });

    const [entry] = await auditEntriesOf(t, ops.admin, { type: 'order', id: orderId });
    expect(entry).toMatchObject({
      action: 'order.reassign',
      operator: { id: ops.operations.id },
      before: { status: 'DELAYED', rider_id: first.id },
      after: { status: 'ASSIGNED_TO_TRANSPORT', rider_id: second.id },
    });
  });

  it('refuses to hand over an order once collected, or to a rider who is not free', async () => {
    await noRiderFree();
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.002, lng: OUTLET.lng });
    const orderId = await delayedOrderOf(rider);
    const busy = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng }, { state: 'OFFLINE' });
    const offline = await call('POST', `/orders/${orderId}/reassign`, ops.operations, { rider_id: busy.id });
    expect(offline.statusCode).toBe(409);
    expect(translationKey(offline)).toBe('console.error.board.rider-not-available');

    expect((await riderCall(t, rider, orderId, 'arrived-at-vendor')).statusCode).toBe(200);
    expect((await riderCall(t, rider, orderId, 'collected', proof())).statusCode).toBe(200);
    const other = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng });
    const refused = await call('POST', `/orders/${orderId}/reassign`, ops.admin, { rider_id: other.id });
    expect(refused.statusCode).toBe(409);
    expect(translationKey(refused)).toBe('console.error.board.not-reassignable');
    expect((await auditEntriesOf(t, ops.admin, { type: 'order', id: orderId })).length).toBe(0);
  });

  it('lets support cancel with a reason, freeing the rider, and refuses finance and a second cancel', async () => {
    await noRiderFree();
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.002, lng: OUTLET.lng });
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(200);

    const finance = await call('POST', `/orders/${orderId}/cancel`, ops.finance, { reason: 'bad_weather' });
    expect(finance.statusCode).toBe(403);
    const noWords = await call('POST', `/orders/${orderId}/cancel`, ops.support, { reason: 'reason_unknown' });
    expect(noWords.statusCode).toBe(400);
    const cancelled = await call('POST', `/orders/${orderId}/cancel`, ops.support, {
      reason: 'courier_accident',
      note: 'Bike broke down',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', can_cancel: false, can_reassign: false });
    const order = await orderOf(t, merchant, orderId);
    expect(order.cancel_reason).toBe('courier_accident');
    const [freed] = await t.db.query<{ state: string }>('select state from riders where id = $1', [rider.id]);
    expect(freed?.state).toBe('AVAILABLE');

    const again = await call('POST', `/orders/${orderId}/cancel`, ops.operations, { reason: 'bad_weather' });
    expect(again.statusCode).toBe(409);
    expect(translationKey(again)).toBe('console.error.board.not-cancellable');
    const entries = await auditEntriesOf(t, ops.admin, { type: 'order', id: orderId });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'order.cancel',
      operator: { id: ops.support.id },
      after: { status: 'CANCELLED', cancel_reason: 'courier_accident', cancel_note: 'Bike broke down' },
    });
    const missing = await call('POST', '/orders/no-such-order/cancel', ops.operations, { reason: 'bad_weather' });
    expect(missing.statusCode).toBe(404);
  });

  it('lets operations list, create and deactivate riders, and shows a rider’s orders', async () => {
    await noRiderFree();
    for (const role of ['support', 'finance'] as const) {
      expect((await call('GET', '/riders', ops[role])).statusCode).toBe(403);
      expect(
        (await call('POST', '/riders', ops[role], { name: 'Ali', phone: '+923001110000', vehicle: 'car' })).statusCode,
      ).toBe(403);
    }
    const simulated = await createRider(
      t.db,
      { lat: OUTLET.lat, lng: OUTLET.lng },
      { simulated: true, state: 'OFFLINE' },
    );
    const phone = `+92301${String(Date.now()).slice(-7)}`;
    const created = await call('POST', '/riders', ops.operations, { name: 'Kashif Ali', phone, vehicle: 'motorbike' });
    expect(created.statusCode, created.body).toBe(201);
    const { rider, token } = created.json() as { rider: { id: string }; token: string };
    expect(rider).toMatchObject({ name: 'Kashif Ali', state: 'OFFLINE', is_simulated: false, is_active: true });
    const duplicate = await call('POST', '/riders', ops.operations, { name: 'Kashif', phone, vehicle: 'car' });
    expect(duplicate.statusCode).toBe(409);
    expect(translationKey(duplicate)).toBe('console.error.riders.phone-taken');

    // The token works for the rider app: the rider reports in and goes on shift.
    const headers = { authorization: `Rider ${token}` };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/rider/position',
          headers,
          payload: { latitude: OUTLET.lat + 0.002, longitude: OUTLET.lng },
        })
      ).statusCode,
    ).toBe(200);

    const list = ConsoleRiderListSchema.parse((await call('GET', '/riders', ops.operations)).json());
    expect(list.riders.find((row) => row.id === simulated.id)?.is_simulated).toBe(true);
    expect(list.riders.find((row) => row.id === rider.id)?.position).not.toBeNull();

    // A rider on an order is not deactivated; once free, they are, and their token stops.
    await t.db.query(`update riders set state = 'AVAILABLE' where id = $1`, [rider.id]);
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    const detail = await call('GET', `/riders/${rider.id}`, ops.operations);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().current_order).toMatchObject({ order_id: orderId });
    expect(detail.json().recent_orders.map((order: { order_id: string }) => order.order_id)).toContain(orderId);
    const busy = await call('POST', `/riders/${rider.id}/deactivate`, ops.operations);
    expect(busy.statusCode).toBe(409);
    expect(translationKey(busy)).toBe('console.error.riders.busy');
    expect(
      (await call('POST', `/orders/${orderId}/cancel`, ops.operations, { reason: 'bad_weather' })).statusCode,
    ).toBe(200);
    const deactivated = await call('POST', `/riders/${rider.id}/deactivate`, ops.operations);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ is_active: false, state: 'OFFLINE' });
    const shut = await t.app.inject({ method: 'GET', url: '/api/v1/rider/me', headers });
    expect(shut.statusCode).toBe(401);
    expect((await call('POST', `/riders/${rider.id}/deactivate`, ops.operations)).statusCode).toBe(409);

    const entries = await auditEntriesOf(t, ops.admin, { type: 'rider', id: rider.id });
    expect(entries.map((entry) => entry.action)).toEqual(['rider.deactivate', 'rider.create']);
    expect(entries[0]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
  });

  it('lets `npm run ops -- age-order` move an order back, so the dispatcher marks it DELAYED now; never in prd', async () => {
    await noRiderFree();
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.002, lng: OUTLET.lng });
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(200);
    const ctx = { db: t.db, config: t.config };
    const prd = {
      ...ctx,
      config: { ...t.config, deployment: { ...t.config.deployment, environment: 'prd' as const } },
    };
    await expect(runCommand(prd, ['age-order', orderId, '--minutes', '61'])).rejects.toThrow(/production/);
    await expect(runCommand(ctx, ['age-order', orderId, '--minutes', 'soon'])).rejects.toThrow(/minutes/);
    await expect(runCommand(ctx, ['age-order', 'no-such-order', '--minutes', '61'])).rejects.toThrow(/does not exist/);
    expect(await runCommand(ctx, ['age-order', orderId, '--minutes', '61'])).toContain('61 minutes back');
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('DELAYED');
  });
});
