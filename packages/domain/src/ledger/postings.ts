import { COLLECTED_ON_DELIVERY, orderCharges, PAID_AT_PICKUP } from '../orders/charges.ts';

/**
 * The chart of accounts (decision 178). Amounts are signed minor units: a debit is positive, a credit negative,
 * so every transaction sums to zero and an account's balance is the sum of its entries.
 *  - merchant:<vendor>          what the platform owes the merchant (negative) or is owed by it (positive), not yet settled
 *  - merchant-payable:<vendor>  settled and awaiting its payout
 *  - rider:<rider>              the cash a rider holds for the platform (positive)
 *  - platform:fees              delivery fees earned (credit)
 *  - platform:vouchers          voucher discounts the platform bears (debit)
 *  - platform:card              money the card processor holds for the platform (debit)
 *  - platform:bank              the platform's bank: riders' deposits in, merchants' payouts out
 *  - platform:adjustments       corrections of disputes
 */
export const PLATFORM_ACCOUNTS = {
  fees: 'platform:fees',
  vouchers: 'platform:vouchers',
  card: 'platform:card',
  bank: 'platform:bank',
  adjustments: 'platform:adjustments',
} as const;

export const ACCOUNT_KINDS = ['merchant', 'merchant-payable', 'rider', 'platform'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const merchantAccount = (vendorId: string) => `merchant:${vendorId}`;
export const merchantPayableAccount = (vendorId: string) => `merchant-payable:${vendorId}`;
export const riderAccount = (riderId: string) => `rider:${riderId}`;

/** The kind and owner of an account id. */
export function accountOwner(accountId: string): { kind: AccountKind; ownerId: string } {
  const at = accountId.indexOf(':');
  const kind = accountId.slice(0, at) as AccountKind;
  if (at < 0 || !(ACCOUNT_KINDS as readonly string[]).includes(kind)) throw new Error(`unknown account ${accountId}`);
  return { kind, ownerId: accountId.slice(at + 1) };
}

export const TRANSACTION_KINDS = [
  'cod_collected',
  'fee_collected_at_pickup',
  'fee_owed',
  'returned_fee_owed',
  'card_capture',
  'card_refund',
  'rider_deposit',
  'settlement',
  'payout',
  'dispute_adjustment',
  'opening_card_balance',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface Entry {
  accountId: string;
  amountMinor: number;
}

export interface Posting {
  /** Unique in the book: a retry of the step that causes it finds it written and writes nothing. */
  key: string;
  kind: TransactionKind;
  orderId: string | null;
  vendorId: string | null;
  entries: Entry[];
}

export const isBalanced = (entries: readonly Entry[]): boolean =>
  entries.reduce((sum, entry) => sum + entry.amountMinor, 0) === 0;

/** Entries of one account folded together, zero entries dropped: what is written. */
export function compact(entries: readonly Entry[]): Entry[] {
  const byAccount = new Map<string, number>();
  for (const { accountId, amountMinor } of entries)
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0) + amountMinor);
  return [...byAccount]
    .filter(([, amountMinor]) => amountMinor !== 0)
    .map(([accountId, amountMinor]) => ({ accountId, amountMinor }));
}

export const ledgerKeys = {
  codCollected: (orderId: string) => `order:${orderId}:cod-collected`,
  feeAtPickup: (orderId: string) => `order:${orderId}:fee-at-pickup`,
  feeOwed: (orderId: string) => `order:${orderId}:fee-owed`,
  returned: (orderId: string) => `order:${orderId}:returned`,
  /** The card movements carry the payments module's own keys (`capture:<order>`, `refund:<order>`). */
  card: (paymentKey: string) => `card:${paymentKey}`,
  deposit: (receiptNumber: string) => `deposit:${receiptNumber}`,
  settlement: (settlementId: string) => `settlement:${settlementId}`,
  payout: (settlementId: string) => `payout:${settlementId}`,
  dispute: (lineId: string) => `dispute:${lineId}`,
} as const;

/** The order as a step left it: what the postings are computed from (never an amount a client sent). */
export interface LedgerOrder {
  orderId: string;
  vendorId: string;
  status: string;
  riderId: string | null;
  paymentMethod: string;
  amountMinor: number;
  deliveryFeeMinor: number;
  discountMinor: number;
}

/** The delivery fee earned, its voucher borne by the platform, and who pays the rest (`payer`). */
function feeEntries(order: LedgerOrder, payer: string): Entry[] {
  const charges = orderCharges(order);
  return [
    { accountId: payer, amountMinor: charges.payableFeeMinor },
    { accountId: PLATFORM_ACCOUNTS.vouchers, amountMinor: charges.discountMinor },
    { accountId: PLATFORM_ACCOUNTS.fees, amountMinor: -charges.deliveryFeeMinor },
  ];
}

/**
 * The money an order step moves (decision 178), written in the step's transaction:
 *  - PICKED_UP, pay-at-pickup: the rider takes the fee from the merchant;
 *  - DELIVERED, cash or card at the door: the rider holds what the customer paid, of which the item's amount is
 *    the merchant's and the fee the platform's;
 *  - DELIVERED otherwise (paid, none, card online): the merchant owes the fee (a card order's capture has already
 *    credited the merchant, so the two net to nothing);
 *  - RETURNED_TO_VENDOR: nothing was collected at the door, so the fee the customer would have paid there is owed
 *    by the merchant; for orders whose fee the merchant pays anyway it is owed just as on a delivery.
 * A voucher's discount is borne by the platform in every case. Steps that move no money give none.
 */
export function postingsOfStep(order: LedgerOrder): Posting[] {
  const { orderId, vendorId } = order;
  const charges = orderCharges(order);
  const merchant = merchantAccount(vendorId);
  const isCollectedAtDoor = (COLLECTED_ON_DELIVERY as readonly string[]).includes(order.paymentMethod);
  const isPaidAtPickup = order.paymentMethod === PAID_AT_PICKUP;
  const posting = (key: string, kind: TransactionKind, entries: Entry[]): Posting[] => {
    const written = compact(entries);
    return written.length === 0 ? [] : [{ key, kind, orderId, vendorId, entries: written }];
  };
  switch (order.status) {
    case 'PICKED_UP':
      if (!isPaidAtPickup || !order.riderId) return [];
      return posting(
        ledgerKeys.feeAtPickup(orderId),
        'fee_collected_at_pickup',
        feeEntries(order, riderAccount(order.riderId)),
      );
    case 'DELIVERED':
      if (isCollectedAtDoor && order.riderId)
        return posting(ledgerKeys.codCollected(orderId), 'cod_collected', [
          { accountId: riderAccount(order.riderId), amountMinor: charges.collectMinor },
          { accountId: merchant, amountMinor: -charges.amountMinor },
          ...feeEntries(order, riderAccount(order.riderId)).slice(1),
        ]);
      if (isPaidAtPickup) return [];
      return posting(ledgerKeys.feeOwed(orderId), 'fee_owed', feeEntries(order, merchant));
    case 'RETURNED_TO_VENDOR':
      if (isPaidAtPickup) return [];
      return posting(
        ledgerKeys.returned(orderId),
        isCollectedAtDoor ? 'returned_fee_owed' : 'fee_owed',
        feeEntries(order, merchant),
      );
    default:
      return [];
  }
}

/** A card capture or refund the processor confirmed: the merchant's card paid the platform, or was paid back. */
export function cardPosting(movement: {
  paymentKey: string;
  kind: 'capture' | 'refund';
  orderId: string;
  vendorId: string;
  amountMinor: number;
}): Posting[] {
  const sign = movement.kind === 'capture' ? 1 : -1;
  const entries = compact([
    { accountId: PLATFORM_ACCOUNTS.card, amountMinor: sign * movement.amountMinor },
    { accountId: merchantAccount(movement.vendorId), amountMinor: -sign * movement.amountMinor },
  ]);
  if (entries.length === 0) return [];
  return [
    {
      key: ledgerKeys.card(movement.paymentKey),
      kind: movement.kind === 'capture' ? 'card_capture' : 'card_refund',
      orderId: movement.orderId,
      vendorId: movement.vendorId,
      entries,
    },
  ];
}

/** The cash a rider hands in at a deposit point: out of the rider's hands, into the platform's bank. */
export const depositEntries = (riderId: string, amountMinor: number): Entry[] => [
  { accountId: PLATFORM_ACCOUNTS.bank, amountMinor },
  { accountId: riderAccount(riderId), amountMinor: -amountMinor },
];

/** Whether an order's rider will collect cash at the door (the cash limit of dispatch concerns these orders). */
export const isCashOrder = (paymentMethod: string): boolean =>
  (COLLECTED_ON_DELIVERY as readonly string[]).includes(paymentMethod) || paymentMethod === PAID_AT_PICKUP;
