import { EventEmitter } from 'node:events';
import type { Order } from '@riderdesk/domain/contracts/orders';

export type OrderChangeKind = 'created' | 'updated';

export interface OrderChange {
  kind: OrderChangeKind;
  order: Order;
}

/**
 * Every committed order write is announced here, after its transaction commits. The live module
 * (spec §7 `order_update`) subscribes to it and, for several API instances, relays it through
 * PostgreSQL NOTIFY; order writes never need to know who listens.
 */
export class OrderEvents {
  readonly #emitter = new EventEmitter();

  constructor() {
    // Every WebSocket connection may subscribe; Node's default of 10 listeners would warn.
    this.#emitter.setMaxListeners(0);
  }

  publish(change: OrderChange): void {
    this.#emitter.emit('order_change', change);
  }

  listenerCount(): number {
    return this.#emitter.listenerCount('order_change');
  }

  subscribe(listener: (change: OrderChange) => void): () => void {
    this.#emitter.on('order_change', listener);
    return () => this.#emitter.off('order_change', listener);
  }
}
