import type { Db } from '../../db/db.ts';

// Settlements, their lines and what they took (migration 164, decision 179).

export interface PayoutInstruction {
  payout_method: string | null;
  account_title: string | null;
  account_number: string | null;
  bank_name: string | null;
}

export interface ScheduleRow extends PayoutInstruction {
  vendor_id: string;
  frequency: string;
  weekday: number;
}

const SETTLEMENT_COLUMNS = `settlement_id::text, vendor_id, period_end, credited_minor::float8, charged_minor::float8,
  net_minor::float8, status, payout_method, account_title, account_number, bank_name, paid_reference, paid_at,
  created_at`;

export interface SettlementRow extends PayoutInstruction {
  settlement_id: string;
  vendor_id: string;
  period_end: Date;
  credited_minor: number;
  charged_minor: number;
  net_minor: number;
  status: 'pending' | 'paid';
  paid_reference: string | null;
  paid_at: Date | null;
  created_at: Date;
}

export interface LineRow {
  line_id: string;
  settlement_id: string;
  order_id: string | null;
  credited_minor: number;
  charged_minor: number;
  net_minor: number;
  dispute_status: 'none' | 'open' | 'resolved';
  dispute_reason: string | null;
  resolution_note: string | null;
  adjustment_minor: number | null;
}

const LINE_COLUMNS = `l.line_id::text, l.settlement_id::text, l.order_id, l.credited_minor::float8, l.charged_minor::float8,
  l.net_minor::float8, l.dispute_status, l.dispute_reason, l.resolution_note, l.adjustment_minor::float8`;

export async function isPeriodSettled(tx: Db, vendorId: string, periodEnd: Date): Promise<boolean> {
  const rows = await tx.query('select 1 from settlements where vendor_id = $1 and period_end = $2', [
    vendorId,
    periodEnd,
  ]);
  return rows.length > 0;
}

/** The merchant account's entries before `periodEnd` that no settlement took, oldest first. */
export async function unsettledMovements(tx: Db, vendorId: string, periodEnd: Date) {
  return tx.query<{ transaction_id: number; order_id: string | null; amount_minor: number }>(
    `select t.transaction_id::float8 as transaction_id, t.order_id, e.amount_minor::float8 as amount_minor
       from ledger_entries e join ledger_transactions t on t.transaction_id = e.transaction_id
      where e.account_id = 'merchant:' || $1 and t.occurred_at < $2
        and not exists (select 1 from settled_transactions s where s.transaction_id = t.transaction_id)
      order by t.transaction_id`,
    [vendorId, periodEnd],
  );
}

export async function merchantsToSettle(db: Db) {
  return db.query<{ vendor_id: string; frequency: string | null; weekday: number | null }>(
    `select a.owner_id as vendor_id, s.frequency, s.weekday
       from ledger_accounts a left join settlement_schedules s on s.vendor_id = a.owner_id
      where a.kind = 'merchant' and exists (
        select 1 from ledger_entries e where e.account_id = a.account_id
           and not exists (select 1 from settled_transactions st where st.transaction_id = e.transaction_id))
      order by a.owner_id`,
  );
}

export async function scheduleOf(db: Db, vendorId: string): Promise<ScheduleRow | null> {
  const [row] = await db.query<ScheduleRow>(
    `select vendor_id, frequency, weekday, payout_method, account_title, account_number, bank_name
       from settlement_schedules where vendor_id = $1`,
    [vendorId],
  );
  return row ?? null;
}

export async function upsertSchedule(db: Db, schedule: ScheduleRow, at: Date) {
  await db.query(
    `insert into settlement_schedules (vendor_id, frequency, weekday, payout_method, account_title, account_number,
       bank_name, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (vendor_id) do update set frequency = excluded.frequency, weekday = excluded.weekday,
       payout_method = excluded.payout_method, account_title = excluded.account_title,
       account_number = excluded.account_number, bank_name = excluded.bank_name, updated_at = excluded.updated_at`,
    [
      schedule.vendor_id,
      schedule.frequency,
      schedule.weekday,
      schedule.payout_method,
      schedule.account_title,
      schedule.account_number,
      schedule.bank_name,
      at,
    ],
  );
}

export async function insertSettlement(
  tx: Db,
  s: {
    id: string;
    vendorId: string;
    periodEnd: Date;
    credited: number;
    charged: number;
    net: number;
    payout: PayoutInstruction | null;
    at: Date;
  },
) {
  await tx.query(
    `insert into settlements (settlement_id, vendor_id, period_end, credited_minor, charged_minor, net_minor, status,
       payout_method, account_title, account_number, bank_name, created_at)
     values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11)`,
    [
      s.id,
      s.vendorId,
      s.periodEnd,
      s.credited,
      s.charged,
      s.net,
      s.payout?.payout_method ?? null,
      s.payout?.account_title ?? null,
      s.payout?.account_number ?? null,
      s.payout?.bank_name ?? null,
      s.at,
    ],
  );
}

export async function insertLine(
  tx: Db,
  line: { id: string; settlementId: string; orderId: string | null; credited: number; charged: number },
) {
  await tx.query(
    `insert into settlement_lines (line_id, settlement_id, order_id, credited_minor, charged_minor, net_minor)
     values ($1, $2, $3, $4, $5, $6)`,
    [line.id, line.settlementId, line.orderId, line.credited, line.charged, line.credited - line.charged],
  );
}

export async function markSettled(tx: Db, settlementId: string, transactionIds: readonly number[]) {
  if (transactionIds.length === 0) return;
  await tx.query(
    `insert into settled_transactions (transaction_id, settlement_id)
     select unnest($1::bigint[]), $2`,
    [transactionIds.map(String), settlementId],
  );
}

export async function setSettlementTransaction(tx: Db, settlementId: string, transactionId: number) {
  await tx.query('update settlements set transaction_id = $2 where settlement_id = $1', [settlementId, transactionId]);
}

export async function lockSettlement(tx: Db, settlementId: string): Promise<SettlementRow | null> {
  const [row] = await tx.query<SettlementRow>(
    `select ${SETTLEMENT_COLUMNS} from settlements where settlement_id::text = $1 for update`,
    [settlementId],
  );
  return row ?? null;
}

export async function setPaid(tx: Db, settlementId: string, paid: { reference: string; operatorId: string; at: Date }) {
  await tx.query(
    `update settlements set status = 'paid', paid_reference = $2, paid_by = $3, paid_at = $4
      where settlement_id::text = $1 and status = 'pending'`,
    [settlementId, paid.reference, paid.operatorId, paid.at],
  );
}

export async function listSettlements(
  db: Db,
  filter: { vendorIds?: readonly string[]; status?: 'pending' | 'paid' },
  limit: number,
): Promise<SettlementRow[]> {
  return db.query<SettlementRow>(
    `select ${SETTLEMENT_COLUMNS} from settlements
      where ($1::text[] is null or vendor_id = any($1)) and ($2::text is null or status = $2)
      order by created_at desc, settlement_id limit $3`,
    [filter.vendorIds ? [...filter.vendorIds] : null, filter.status ?? null, limit],
  );
}

export async function findSettlement(db: Db, settlementId: string): Promise<SettlementRow | null> {
  const [row] = await db.query<SettlementRow>(
    `select ${SETTLEMENT_COLUMNS} from settlements where settlement_id::text = $1`,
    [settlementId],
  );
  return row ?? null;
}

export async function linesOf(db: Db, settlementId: string): Promise<LineRow[]> {
  return db.query<LineRow>(
    `select ${LINE_COLUMNS} from settlement_lines l where l.settlement_id::text = $1 order by l.order_id nulls last`,
    [settlementId],
  );
}

export async function lockLine(tx: Db, lineId: string): Promise<(LineRow & { vendor_id: string }) | null> {
  const [row] = await tx.query<LineRow & { vendor_id: string }>(
    `select ${LINE_COLUMNS}, s.vendor_id from settlement_lines l join settlements s on s.settlement_id = l.settlement_id
      where l.line_id::text = $1 for update of l`,
    [lineId],
  );
  return row ?? null;
}

export async function openDispute(tx: Db, lineId: string, reason: string, at: Date) {
  await tx.query(
    `update settlement_lines set dispute_status = 'open', dispute_reason = $2, disputed_at = $3 where line_id::text = $1`,
    [lineId, reason, at],
  );
}

export async function resolveDispute(
  tx: Db,
  lineId: string,
  resolution: { note: string; adjustmentMinor: number; operatorId: string; at: Date },
) {
  await tx.query(
    `update settlement_lines set dispute_status = 'resolved', resolution_note = $2, adjustment_minor = $3,
       resolved_by = $4, resolved_at = $5 where line_id::text = $1`,
    [lineId, resolution.note, resolution.adjustmentMinor, resolution.operatorId, resolution.at],
  );
}

export async function openDisputes(db: Db) {
  return db.query<LineRow & { vendor_id: string }>(
    `select ${LINE_COLUMNS}, s.vendor_id from settlement_lines l join settlements s on s.settlement_id = l.settlement_id
      where l.dispute_status = 'open' order by l.disputed_at`,
  );
}

/** Per order of the merchant: what the book holds for it and which settlement took it (the reconciliation). */
export async function reconciliation(db: Db, vendorIds: readonly string[], limit: number) {
  return db.query<{
    order_id: string;
    collected_minor: number;
    credited_minor: number;
    charged_minor: number;
    settlement_id: string | null;
    settled_at: Date | null;
  }>(
    `select t.order_id,
            coalesce(sum(case when t.kind = 'cod_collected' and e.amount_minor < 0 then -e.amount_minor end), 0)::float8
              as collected_minor,
            coalesce(sum(case when e.amount_minor < 0 then -e.amount_minor end), 0)::float8 as credited_minor,
            coalesce(sum(case when e.amount_minor > 0 then e.amount_minor end), 0)::float8 as charged_minor,
            max(st.settlement_id::text) as settlement_id, max(s.created_at) as settled_at
       from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.transaction_id and e.account_id = 'merchant:' || t.vendor_id
       left join settled_transactions st on st.transaction_id = t.transaction_id
       left join settlements s on s.settlement_id = st.settlement_id
      where t.vendor_id = any($1) and t.order_id is not null
      group by t.order_id order by max(t.occurred_at) desc limit $2`,
    [vendorIds, limit],
  );
}
