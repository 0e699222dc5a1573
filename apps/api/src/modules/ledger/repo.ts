import { accountOwner, type Posting } from '@riderdesk/domain/ledger/postings';
import type { Db } from '../../db/db.ts';

// The book (migration 164, docs/decisions/178-ledger.md). bigint comes back as float8: node-postgres reads
// bigint as text, and float8 is exact far beyond any amount of money here.

/**
 * Writes a posting once: its transaction, entries and the accounts' balances, in the caller's transaction. Null
 * when its key was written before (a retried step), so a movement is booked exactly once.
 */
export async function post(tx: Db, posting: Posting, at: Date, currency: string, memo: string | null = null) {
  const [written] = await tx.query<{ transaction_id: number }>(
    `insert into ledger_transactions (idempotency_key, kind, order_id, vendor_id, occurred_at, memo)
     values ($1, $2, $3, $4, $5, $6) on conflict (idempotency_key) do nothing returning transaction_id::float8`,
    [posting.key, posting.kind, posting.orderId, posting.vendorId, at, memo],
  );
  if (!written) return null;
  // In one order of accounts, so two postings touching the same accounts never wait for each other in a cycle.
  const entries = [...posting.entries].sort((a, b) => a.accountId.localeCompare(b.accountId));
  for (const { accountId, amountMinor } of entries) {
    const { kind, ownerId } = accountOwner(accountId);
    await tx.query(
      `insert into ledger_accounts (account_id, kind, owner_id, currency, balance_minor, created_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (account_id) do update set balance_minor = ledger_accounts.balance_minor + excluded.balance_minor`,
      [accountId, kind, ownerId, currency, amountMinor, at],
    );
    await tx.query('insert into ledger_entries (transaction_id, account_id, amount_minor) values ($1, $2, $3)', [
      written.transaction_id,
      accountId,
      amountMinor,
    ]);
  }
  return written.transaction_id;
}

export async function balanceOf(db: Db, accountId: string): Promise<number> {
  const [row] = await db.query<{ balance: number }>(
    'select balance_minor::float8 as balance from ledger_accounts where account_id = $1',
    [accountId],
  );
  return row?.balance ?? 0;
}

export async function balancesOf(db: Db, accountIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ account_id: string; balance: number }>(
    'select account_id, balance_minor::float8 as balance from ledger_accounts where account_id = any($1)',
    [accountIds],
  );
  return new Map(rows.map((row) => [row.account_id, row.balance]));
}

export interface Breach {
  kind: 'unbalanced_transaction' | 'balance_mismatch' | 'empty_transaction';
  id: string;
  expected: number;
  found: number;
}

/** The book's invariants: each transaction sums to zero and has entries; each account's balance is its entries' sum. */
export async function findBreaches(db: Db): Promise<{ breaches: Breach[]; transactions: number; accounts: number }> {
  const unbalanced = await db.query<{ id: string; found: number }>(
    `select t.transaction_id::text as id, coalesce(sum(e.amount_minor), 0)::float8 as found, count(e.entry_id)::int as n
       from ledger_transactions t left join ledger_entries e on e.transaction_id = t.transaction_id
      group by t.transaction_id having coalesce(sum(e.amount_minor), 0) <> 0 or count(e.entry_id) = 0`,
  );
  const mismatched = await db.query<{ id: string; expected: number; found: number }>(
    `select a.account_id as id, coalesce(s.total, 0)::float8 as expected, a.balance_minor::float8 as found
       from ledger_accounts a
       left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) s
         on s.account_id = a.account_id
      where a.balance_minor <> coalesce(s.total, 0)`,
  );
  const [counts] = await db.query<{ transactions: number; accounts: number }>(
    `select (select count(*) from ledger_transactions)::int as transactions,
            (select count(*) from ledger_accounts)::int as accounts`,
  );
  return {
    breaches: [
      ...unbalanced.map((row) => ({
        kind: row.found === 0 ? ('empty_transaction' as const) : ('unbalanced_transaction' as const),
        id: row.id,
        expected: 0,
        found: row.found,
      })),
      ...mismatched.map((row) => ({ kind: 'balance_mismatch' as const, ...row })),
    ],
    transactions: counts?.transactions ?? 0,
    accounts: counts?.accounts ?? 0,
  };
}

export async function insertInvariantReport(
  db: Db,
  report: { id: string; at: Date; transactions: number; accounts: number; breaches: Breach[] },
) {
  await db.query(
    `insert into ledger_invariant_reports (report_id, checked_at, transactions, accounts, breaches)
     values ($1, $2, $3, $4, $5)`,
    [report.id, report.at, report.transactions, report.accounts, JSON.stringify(report.breaches)],
  );
}

export interface InvariantReportRow {
  report_id: string;
  checked_at: Date;
  transactions: number;
  accounts: number;
  breaches: Breach[];
}

export async function latestInvariantReports(db: Db, limit: number): Promise<InvariantReportRow[]> {
  return db.query<InvariantReportRow>(
    `select report_id, checked_at, transactions, accounts, breaches from ledger_invariant_reports
      order by checked_at desc limit $1`,
    [limit],
  );
}

/** The cash each rider holds now (rider accounts), with the rider's name. */
export async function ridersCash(
  db: Db,
): Promise<{ rider_id: string; name: string; phone: string; cash_minor: number }[]> {
  return db.query(
    `select r.id::text as rider_id, r.name, r.phone, coalesce(a.balance_minor, 0)::float8 as cash_minor
       from riders r left join ledger_accounts a on a.account_id = 'rider:' || r.id::text
      order by coalesce(a.balance_minor, 0) desc, r.name`,
  );
}

/** Riders among these whose cash in hand is at or above the limit. */
export async function ridersAtCashLimit(db: Db, riderIds: readonly string[], limitMinor: number): Promise<Set<string>> {
  if (riderIds.length === 0) return new Set();
  const rows = await db.query<{ owner_id: string }>(
    `select owner_id from ledger_accounts where kind = 'rider' and owner_id = any($1) and balance_minor >= $2`,
    [riderIds, limitMinor],
  );
  return new Set(rows.map((row) => row.owner_id));
}

export async function insertDeposit(
  tx: Db,
  deposit: {
    id: string;
    riderId: string;
    amountMinor: number;
    place: string;
    receiptNumber: string;
    operatorId: string;
    transactionId: number;
    at: Date;
  },
) {
  await tx.query(
    `insert into rider_cash_deposits (deposit_id, rider_id, amount_minor, place, receipt_number, recorded_by,
       transaction_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      deposit.id,
      deposit.riderId,
      deposit.amountMinor,
      deposit.place,
      deposit.receiptNumber,
      deposit.operatorId,
      deposit.transactionId,
      deposit.at,
    ],
  );
}

export async function listDeposits(db: Db, limit: number) {
  return db.query<{
    deposit_id: string;
    rider_id: string;
    rider_name: string;
    amount_minor: number;
    place: string;
    receipt_number: string;
    created_at: Date;
  }>(
    `select d.deposit_id::text, d.rider_id::text, r.name as rider_name, d.amount_minor::float8 as amount_minor,
            d.place, d.receipt_number, d.created_at
       from rider_cash_deposits d join riders r on r.id = d.rider_id
      order by d.created_at desc limit $1`,
    [limit],
  );
}

export async function riderExists(db: Db, riderId: string): Promise<boolean> {
  const rows = await db.query('select 1 from riders where id::text = $1', [riderId]);
  return rows.length > 0;
}

/** The cash riders collected for a merchant's orders per day in the zone, over the days since `from`. */
export async function cashCollectedPerDay(db: Db, vendorIds: readonly string[], from: Date, timeZone: string) {
  return db.query<{ day: string; collected_minor: number }>(
    `select to_char(t.occurred_at at time zone $3, 'YYYY-MM-DD') as day, sum(e.amount_minor)::float8 as collected_minor
       from ledger_transactions t join ledger_entries e on e.transaction_id = t.transaction_id
      where t.vendor_id = any($1) and t.kind = 'cod_collected' and t.occurred_at >= $2 and e.account_id like 'rider:%'
      group by 1 order by 1`,
    [vendorIds, from, timeZone],
  );
}

/** What riders hold for a merchant now: cash collected for its orders, net of deposits is the platform's business. */
export async function cashHeldForMerchant(db: Db, vendorIds: readonly string[]): Promise<number> {
  // Cash collected for the merchant that is not yet settled: the merchant's share of cod collections unsettled.
  const [row] = await db.query<{ held: number }>(
    `select coalesce(-sum(e.amount_minor), 0)::float8 as held
       from ledger_transactions t join ledger_entries e on e.transaction_id = t.transaction_id
      where t.vendor_id = any($1) and t.kind = 'cod_collected' and e.account_id = 'merchant:' || t.vendor_id
        and not exists (select 1 from settled_transactions s where s.transaction_id = t.transaction_id)`,
    [vendorIds],
  );
  return row?.held ?? 0;
}
