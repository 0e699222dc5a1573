import type { Order } from '@riderdesk/domain/contracts/orders';
import type { OrderStatus } from '@riderdesk/domain/order-status';

/** A whole order record as the API answers it; created a second ago, so it is "today". */
export function makeOrder(overrides: Partial<Order> & Pick<Order, 'order_id'>): Order {
  const createdAt = new Date(Date.now() - 1000).toISOString();
  const status: OrderStatus = overrides.status ?? 'WAITING_FOR_TRANSPORT';
  return {
    vendor_id: 'v-1',
    created_at: createdAt,
    updated_at: createdAt,
    status,
    status_history: [{ status, created_at: createdAt }],
    preordered_for: null,
    delivery_fee: 150,
    customer: {
      name: 'Ayesha Khan',
      phone_number: '+92 300 1234567',
      location: { address: 'House 12, Clifton Block 5, Karachi', latitude: 24.81, longitude: 67.03, notes: null },
    },
    order: { amount: 1200, description: 'Biryani', payment_method: 'CASH_ON_DELIVERY' },
    rider: null,
    outlet_name: 'Saddar Kitchen',
    pickup: {
      name: 'Saddar Kitchen',
      phone_number: '+923001112233',
      location: { address: 'Shop 4, Saddar, Karachi', latitude: 24.855, longitude: 67.02, notes: null },
    },
    age_validation_required: false,
    discount: 0,
    total_amount: 1350,
    collect_amount: 1350,
    collect_at_pickup_amount: 0,
    fee_paid_by: 'customer',
    notes: null,
    cancel_reason: null,
    cancel_note: null,
    pickup_eta_minutes: null,
    delivery_eta_minutes: null,
    latest_arrival_at: null,
    collection_type: 'instant',
    voucher_code: null,
    vat_number: null,
    tracking_token: `tok-${overrides.order_id}-abcdefghijklmnopqrstuvwxyz`,
    ...overrides,
  };
}

/** A WebSocket the test drives by hand. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  /** The connection ends; `code` is the server's close code (1006: lost without one). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
