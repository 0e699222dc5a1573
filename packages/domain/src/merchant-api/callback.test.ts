import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../order-status.ts';
import { apiStatusTrail, type CallbackOrder, callbackBody, isLocationTracked } from './callback.ts';

const at = (iso: string) => new Date(iso);
const history = (...statuses: OrderStatus[]) =>
  statuses.map((status, index) => ({ status, created_at: new Date(Date.UTC(2026, 0, 1, 10, index)).toISOString() }));

const order = (overrides: Partial<CallbackOrder> = {}): CallbackOrder => ({
  order_id: 'v-1-ABC123',
  client_order_id: 'pos-42',
  status: 'COURIER_ACCEPTED_DELIVERY',
  status_history: history(
    'NEW',
    'RECEIVED',
    'WAITING_FOR_TRANSPORT',
    'ASSIGNED_TO_TRANSPORT',
    'COURIER_ACCEPTED_DELIVERY',
  ),
  created_at: at('2026-01-01T10:00:00.500Z'),
  updated_at: at('2026-01-01T10:04:00Z'),
  tracking_token: 'tok en/1',
  distance_m: 2345,
  preordered_for: null,
  latest_arrival_at: null,
  pickup_eta_minutes: 5,
  delivery_eta_minutes: 20,
  cancel_reason: null,
  age_validation_required: false,
  rider_id: '7',
  rider_name: 'Asad',
  rider_phone: '+923001234567',
  rider_latitude: 24.86,
  rider_longitude: 67.01,
  ...overrides,
});

const PUBLIC_URL = 'https://portal.example/';

describe('the callback body', () => {
  it("is pandago's shape with the rider, its position and the order's timeline", () => {
    expect(callbackBody(order(), PUBLIC_URL)).toEqual({
      order_id: 'v-1-ABC123',
      client_order_id: 'pos-42',
      status: 'COURIER_ACCEPTED_DELIVERY',
      timeline: {
        estimated_pickup_time: '2026-01-01T10:09:00.000Z',
        estimated_delivery_time: '2026-01-01T10:24:00.000Z',
      },
      driver: { id: '7', name: 'Asad', phone_number: '+923001234567', location: { latitude: 24.86, longitude: 67.01 } },
      created_at: 1767261600,
      updated_at: 1767261840,
      tracking_link: 'https://portal.example/tracking/tok%20en%2F1',
      distance: 2345,
      delivery_tasks: { age_validation_required: false },
    });
    expect(callbackBody(order({ client_order_id: undefined }), PUBLIC_URL).client_order_id).toBeNull();
  });

  it('carries no personal data of the recipient or the sender', () => {
    const row = {
      ...order(),
      // Columns an order row has besides: the builder must not copy them.
      customer_name: 'Ayesha',
      customer_phone: '+923339998877',
      customer_address: '12 Clifton Road',
      customer_notes: 'Ring twice',
      sender_name: 'Private Sender',
      sender_phone: '+923215550000',
      sender_email: 'sender@example.com',
    };
    const body = JSON.stringify(callbackBody(row, PUBLIC_URL));
    for (const personal of ['Ayesha', '+923339998877', 'Clifton', 'Ring twice', 'Private Sender', '+923215550000']) {
      expect(body).not.toContain(personal);
    }
    expect(body).not.toContain('sender@example.com');
    expect(Object.keys(JSON.parse(body))).not.toContain('recipient');
  });

  it('has an empty driver until a rider takes the order, and no location without a position', () => {
    const waiting = order({ status: 'WAITING_FOR_TRANSPORT', rider_id: null, rider_name: null, rider_phone: null });
    expect(callbackBody(waiting, PUBLIC_URL).driver).toEqual({});
    const noFix = order({ rider_latitude: null, rider_longitude: null, rider_phone: null });
    expect(callbackBody(noFix, PUBLIC_URL).driver).toEqual({ id: '7', name: 'Asad' });
  });

  it('names the proofs the steps produced and the cancellation of a cancelled order, with no estimate once over', () => {
    const cancelled = callbackBody(
      order({
        status: 'CANCELLED',
        status_history: history('NEW', 'PICKED_UP', 'CANCELLED'),
        cancel_reason: 'courier_accident',
        rider_id: null,
      }),
      PUBLIC_URL,
    );
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.cancellation).toEqual({ reason: 'COURIER_ACCIDENT', source: 'LOGISTICS' });
    expect(cancelled.proof_of_pickup_url).toBe(
      'https://portal.example/merchant/api/v1/orders/proof_of_pickup/v-1-ABC123',
    );
    expect(cancelled).not.toHaveProperty('proof_of_delivery_url');
    expect(cancelled.timeline).toEqual({ estimated_pickup_time: '', estimated_delivery_time: '' });
    expect(callbackBody(order(), PUBLIC_URL)).not.toHaveProperty('cancellation');
    const stalled = callbackBody(order({ status: 'STALLED', status_history: history('NEW', 'STALLED') }), PUBLIC_URL);
    expect(stalled.status).toBe('CANCELLED');
    expect(stalled.cancellation?.source).toBe('LOGISTICS');
  });

  it('keeps the status named before an edit', () => {
    const edited = order({ status: 'MODIFIED', status_history: history('NEW', 'RECEIVED', 'MODIFIED') });
    expect(callbackBody(edited, PUBLIC_URL).status).toBe('RECEIVED');
  });
});

describe('the status callbacks of an order', () => {
  it('are its pandago statuses once per stretch', () => {
    expect(
      apiStatusTrail(
        history('INITIATED', 'PAYMENT_COMMITTED', 'NEW', 'RECEIVED', 'RECEIVED_BY_VENDOR', 'MODIFIED', 'CANCELLED'),
      ),
    ).toEqual(['NEW', 'RECEIVED', 'CANCELLED']);
    expect(
      apiStatusTrail(history('NEW', 'PICKED_UP', 'NEAR_CUSTOMER', 'RETURN_INITIATED', 'RETURNED_TO_VENDOR')),
    ).toEqual(['NEW', 'PICKED_UP', 'NEAR_CUSTOMER', 'RETURNED_TO_VENDOR']);
  });

  it('send the rider position only while a rider has an order that is not over', () => {
    expect(isLocationTracked({ status: 'PICKED_UP', rider_id: '7' })).toBe(true);
    expect(isLocationTracked({ status: 'WAITING_FOR_TRANSPORT', rider_id: null })).toBe(false);
    expect(isLocationTracked({ status: 'DELIVERED', rider_id: '7' })).toBe(false);
    expect(isLocationTracked({ status: 'CANCELLED', rider_id: '7' })).toBe(false);
  });
});
