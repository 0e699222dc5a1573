// The one repository of the `orders`, `order_status_history` and `order_proofs` tables
// (docs/decisions/032-one-orders-repository.md), one file per job in repo/: the SQL they share, reads by key,
// the history search, writes, customers and proof photos.

export type { CustomerRow, NewOrder, OrderRow } from './model.ts';
export * from './repo/console.ts';
export * from './repo/customers.ts';
export * from './repo/exceptions.ts';
export * from './repo/proofs.ts';
export * from './repo/reads.ts';
export * from './repo/search.ts';
export * from './repo/writes.ts';
