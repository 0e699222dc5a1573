import type { Db } from '../../db/db.ts';

// The payments module's tables (migrations/060_payments.sql): wallets, intents, saved cards, the ledger,
// applied webhook events, and the sandbox processor's own book.

export interface WalletRow {
  wallet_id: string;
  vendor_id: string;
  user_id: string;
  access_token_hash: string;
  expires_at: Date;
}

export async function insertWallet(db: Db, wallet: WalletRow & { created_at: Date }): Promise<void> {
  await db.query(
    `insert into payment_wallets (wallet_id, vendor_id, user_id, access_token_hash, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      wallet.wallet_id,
      wallet.vendor_id,
      wallet.user_id,
      wallet.access_token_hash,
      wallet.created_at,
      wallet.expires_at,
    ],
  );
}

export async function findWallet(db: Db, walletId: string): Promise<WalletRow | null> {
  const [row] = await db.query<WalletRow>(
    'select wallet_id, vendor_id, user_id::text as user_id, access_token_hash, expires_at from payment_wallets where wallet_id = $1',
    [walletId],
  );
  return row ?? null;
}

export interface IntentRow {
  intent_id: string;
  vendor_id: string;
  user_id: string;
  wallet_id: string;
  provider: string;
  provider_intent_id: string;
  amount_minor: number;
  currency: string;
  status: 'created' | 'confirmed';
  idempotency_key: string | null;
  order_id: string | null;
  confirm_key: string | null;
  confirm_answer: { statusCode: number; body: unknown } | null;
  created_at: Date;
  expires_at: Date;
}

const INTENT_COLUMNS = `intent_id, vendor_id, user_id::text as user_id, wallet_id, provider, provider_intent_id,
  amount_minor::float8 as amount_minor, currency, status, idempotency_key, order_id, confirm_key, confirm_answer,
  created_at, expires_at`;

export async function insertIntent(db: Db, intent: Omit<IntentRow, 'order_id' | 'confirm_key' | 'confirm_answer'>) {
  await db.query(
    `insert into payment_intents (intent_id, vendor_id, user_id, wallet_id, provider, provider_intent_id, amount_minor,
       currency, status, idempotency_key, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      intent.intent_id,
      intent.vendor_id,
      intent.user_id,
      intent.wallet_id,
      intent.provider,
      intent.provider_intent_id,
      intent.amount_minor,
      intent.currency,
      intent.status,
      intent.idempotency_key,
      intent.created_at,
      intent.expires_at,
    ],
  );
}

export async function findIntentByKey(db: Db, userId: string, key: string): Promise<IntentRow | null> {
  const [row] = await db.query<IntentRow>(
    `select ${INTENT_COLUMNS} from payment_intents where user_id = $1 and idempotency_key = $2`,
    [userId, key],
  );
  return row ?? null;
}

/** The caller's intent, locked for its confirmation: a second confirm waits, then sees it confirmed. */
export async function lockIntent(tx: Db, intentId: string, userId: string): Promise<IntentRow | null> {
  const [row] = await tx.query<IntentRow>(
    `select ${INTENT_COLUMNS} from payment_intents where intent_id = $1 and user_id = $2 for update`,
    [intentId, userId],
  );
  return row ?? null;
}

export async function markIntentConfirmed(tx: Db, intentId: string, orderId: string, confirmKey: string | null) {
  await tx.query(
    `update payment_intents set status = 'confirmed', order_id = $2, confirm_key = $3 where intent_id = $1`,
    [intentId, orderId, confirmKey],
  );
}

export async function storeConfirmAnswer(db: Db, intentId: string, answer: { statusCode: number; body: unknown }) {
  await db.query('update payment_intents set confirm_answer = $2 where intent_id = $1', [
    intentId,
    JSON.stringify(answer),
  ]);
}

export async function findIntentOfOrder(db: Db, orderId: string): Promise<IntentRow | null> {
  const [row] = await db.query<IntentRow>(`select ${INTENT_COLUMNS} from payment_intents where order_id = $1`, [
    orderId,
  ]);
  return row ?? null;
}

export interface SavedCardRow {
  card_id: string;
  vendor_id: string;
  user_id: string;
  provider: string;
  instrument_ref: string;
  scheme: string;
  bin: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  created_at: Date;
}

const CARD_COLUMNS = `card_id, vendor_id, user_id::text as user_id, provider, instrument_ref, scheme, bin, last4,
  exp_month, exp_year, holder_name, created_at`;

export async function insertSavedCard(db: Db, card: SavedCardRow): Promise<void> {
  await db.query(
    `insert into saved_cards (${CARD_COLUMNS.replace('user_id::text as user_id', 'user_id')})
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      card.card_id,
      card.vendor_id,
      card.user_id,
      card.provider,
      card.instrument_ref,
      card.scheme,
      card.bin,
      card.last4,
      card.exp_month,
      card.exp_year,
      card.holder_name,
      card.created_at,
    ],
  );
}

export async function findSavedCards(db: Db, userId: string, vendorId: string, provider: string) {
  return db.query<SavedCardRow>(
    `select ${CARD_COLUMNS} from saved_cards where user_id = $1 and vendor_id = $2 and provider = $3
      order by created_at desc, card_id limit 20`,
    [userId, vendorId, provider],
  );
}

export async function findSavedCard(db: Db, userId: string, vendorId: string, cardId: string) {
  const [row] = await db.query<SavedCardRow>(
    `select ${CARD_COLUMNS} from saved_cards where user_id = $1 and vendor_id = $2 and card_id = $3`,
    [userId, vendorId, cardId],
  );
  return row ?? null;
}

export async function deleteSavedCard(db: Db, userId: string, vendorId: string, cardId: string): Promise<boolean> {
  const rows = await db.query(
    'delete from saved_cards where user_id = $1 and vendor_id = $2 and card_id = $3 returning card_id',
    [userId, vendorId, cardId],
  );
  return rows.length > 0;
}

export type LedgerKind = 'authorisation' | 'capture' | 'refund';
export type LedgerStatus = 'pending' | 'succeeded' | 'failed';

export interface LedgerRow {
  id: number;
  order_id: string;
  vendor_id: string;
  kind: LedgerKind;
  status: LedgerStatus;
  amount_minor: number;
  currency: string;
  provider: string;
  provider_ref: string | null;
  failure_code: string | null;
  idempotency_key: string;
}

/** A movement of money; the same idempotency key keeps the first row (answers false). */
export async function insertLedger(db: Db, entry: Omit<LedgerRow, 'id'>, at: Date): Promise<boolean> {
  const rows = await db.query(
    `insert into payment_ledger (order_id, vendor_id, kind, status, amount_minor, currency, provider, provider_ref,
       failure_code, idempotency_key, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
     on conflict (idempotency_key) do nothing returning id`,
    [
      entry.order_id,
      entry.vendor_id,
      entry.kind,
      entry.status,
      entry.amount_minor,
      entry.currency,
      entry.provider,
      entry.provider_ref,
      entry.failure_code,
      entry.idempotency_key,
      at,
    ],
  );
  return rows.length > 0;
}

export async function settleLedger(
  db: Db,
  idempotencyKey: string,
  result: { status: LedgerStatus; providerRef: string | null; failureCode: string | null },
  at: Date,
): Promise<LedgerRow | null> {
  const [row] = await db.query<LedgerRow>(
    `update payment_ledger set status = $2, provider_ref = coalesce($3, provider_ref), failure_code = $4,
       updated_at = $5 where idempotency_key = $1
     returning id::float8 as id, order_id, vendor_id, kind, status, amount_minor::float8 as amount_minor, currency,
       provider, provider_ref, failure_code, idempotency_key`,
    [idempotencyKey, result.status, result.providerRef, result.failureCode, at],
  );
  return row ?? null;
}

export async function findLedger(db: Db, idempotencyKey: string): Promise<LedgerRow | null> {
  const [row] = await db.query<LedgerRow>(
    `select id::float8 as id, order_id, vendor_id, kind, status, amount_minor::float8 as amount_minor, currency,
       provider, provider_ref, failure_code, idempotency_key from payment_ledger where idempotency_key = $1`,
    [idempotencyKey],
  );
  return row ?? null;
}

/** The authorisation of the payment the provider calls paymentRef. */
export async function findAuthorisationByRef(db: Db, provider: string, paymentRef: string) {
  const [row] = await db.query<LedgerRow>(
    `select id::float8 as id, order_id, vendor_id, kind, status, amount_minor::float8 as amount_minor, currency,
       provider, provider_ref, failure_code, idempotency_key from payment_ledger
      where provider = $1 and provider_ref = $2 and kind = 'authorisation'`,
    [provider, paymentRef],
  );
  return row ?? null;
}

/** Records a webhook event; false when it was applied before (a replay). */
export async function recordWebhookEvent(tx: Db, provider: string, eventId: string, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `insert into payment_webhook_events (provider, event_id, received_at) values ($1, $2, $3)
     on conflict do nothing returning event_id`,
    [provider, eventId, at],
  );
  return rows.length > 0;
}

/** Orders whose card payment has waited for its challenge since before `before` (abandoned). */
export async function findAbandonedAuthorisations(db: Db, before: Date, limit: number) {
  return db.query<{ order_id: string; idempotency_key: string }>(
    `select a.order_id, a.idempotency_key from payment_ledger a
      where a.kind = 'authorisation' and a.status = 'pending' and a.created_at < $1
        -- A payment whose capture was sent and not confirmed yet is reconciled, not abandoned.
        and not exists (select 1 from payment_ledger c
          where c.order_id = a.order_id and c.kind = 'capture' and c.status = 'pending')
      order by a.created_at limit $2`,
    [before, limit],
  );
}

/** Captures sent whose answer was lost and that the processor did not show yet (oldest first). */
export async function findPendingCaptures(db: Db, before: Date, limit: number) {
  return db.query<{ order_id: string; created_at: Date }>(
    `select order_id, created_at from payment_ledger
      where kind = 'capture' and status = 'pending' and created_at < $1 order by created_at limit $2`,
    [before, limit],
  );
}

// --- The sandbox processor's book (sandbox-provider.ts).

export interface SandboxPaymentRow {
  payment_ref: string;
  idempotency_key: string;
  provider_intent_id: string;
  behaviour: string;
  card_last4: string;
  status: string;
  amount_minor: number;
  currency: string;
  captured_minor: number;
  refunded_minor: number;
  return_url: string;
}

const SANDBOX_COLUMNS = `payment_ref, idempotency_key, provider_intent_id, behaviour, card_last4, status,
  amount_minor::float8 as amount_minor, currency, captured_minor::float8 as captured_minor,
  refunded_minor::float8 as refunded_minor, return_url`;

export async function insertSandboxPayment(
  db: Db,
  row: Omit<SandboxPaymentRow, 'captured_minor' | 'refunded_minor'>,
  at: Date,
): Promise<SandboxPaymentRow> {
  await db.query(
    `insert into sandbox_provider_payments (payment_ref, idempotency_key, provider_intent_id, behaviour, card_last4,
       status, amount_minor, currency, return_url, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (idempotency_key) do nothing`,
    [
      row.payment_ref,
      row.idempotency_key,
      row.provider_intent_id,
      row.behaviour,
      row.card_last4,
      row.status,
      row.amount_minor,
      row.currency,
      row.return_url,
      at,
    ],
  );
  const [stored] = await db.query<SandboxPaymentRow>(
    `select ${SANDBOX_COLUMNS} from sandbox_provider_payments where idempotency_key = $1`,
    [row.idempotency_key],
  );
  return stored!;
}

export async function findSandboxPayment(db: Db, paymentRef: string): Promise<SandboxPaymentRow | null> {
  const [row] = await db.query<SandboxPaymentRow>(
    `select ${SANDBOX_COLUMNS} from sandbox_provider_payments where payment_ref = $1`,
    [paymentRef],
  );
  return row ?? null;
}

/** Moves a sandbox payment on only from the status it is expected in; false when it was elsewhere. */
export async function moveSandboxPayment(
  db: Db,
  paymentRef: string,
  from: readonly string[],
  change: { status?: string; capturedMinor?: number; refundedMinor?: number },
): Promise<boolean> {
  const rows = await db.query(
    `update sandbox_provider_payments set status = coalesce($3, status),
       captured_minor = captured_minor + $4, refunded_minor = refunded_minor + $5
      where payment_ref = $1 and status = any($2::text[]) returning payment_ref`,
    [paymentRef, from, change.status ?? null, change.capturedMinor ?? 0, change.refundedMinor ?? 0],
  );
  return rows.length > 0;
}

/** For the reconciliation of orders and ledger: captures minus refunds, per order. */
export async function ledgerTotals(db: Db) {
  return db.query<{ order_id: string; captured_minor: number; refunded_minor: number }>(
    `select order_id,
       coalesce(sum(amount_minor) filter (where kind = 'capture' and status = 'succeeded'), 0)::float8 as captured_minor,
       coalesce(sum(amount_minor) filter (where kind = 'refund' and status = 'succeeded'), 0)::float8 as refunded_minor
       from payment_ledger group by order_id order by order_id`,
  );
}

export async function hasWebhookEvent(db: Db, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.query('select 1 from payment_webhook_events where provider = $1 and event_id = $2', [
    provider,
    eventId,
  ]);
  return rows.length > 0;
}

// --- 3-D Secure challenges completed after the issuer's page (migrations/096_payment_challenges.sql).

export interface ChallengeRow {
  challenge_id: string;
  order_id: string;
  provider: string;
  step_up: { url: string; fields: Record<string, string> };
  resume: Record<string, unknown>;
  completed_at: Date | null;
}

export async function insertChallenge(tx: Db, row: Omit<ChallengeRow, 'completed_at'>, at: Date): Promise<void> {
  await tx.query(
    `insert into payment_challenges (challenge_id, order_id, provider, step_up, resume, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [row.challenge_id, row.order_id, row.provider, JSON.stringify(row.step_up), JSON.stringify(row.resume), at],
  );
}

export async function findChallenge(db: Db, challengeId: string): Promise<ChallengeRow | null> {
  const [row] = await db.query<ChallengeRow>(
    `select challenge_id, order_id, provider, step_up, resume, completed_at from payment_challenges
      where challenge_id = $1`,
    [challengeId],
  );
  return row ?? null;
}

/** Claims a challenge for its completion, once: a second return (double post) finds it claimed (null). */
export async function claimChallenge(db: Db, challengeId: string, at: Date): Promise<Record<string, unknown> | null> {
  const [row] = await db.query<{ resume: Record<string, unknown> }>(
    `update payment_challenges set completed_at = $2 where challenge_id = $1 and completed_at is null
      returning resume`,
    [challengeId, at],
  );
  return row?.resume ?? null;
}

/** The processor could not be reached: the challenge may be completed again by the next return. */
export async function releaseChallenge(db: Db, challengeId: string): Promise<void> {
  await db.query('update payment_challenges set completed_at = null where challenge_id = $1', [challengeId]);
}

/** Once decided, the card's reference (a transient token or an instrument id) is not kept. */
export async function forgetChallenge(tx: Db, challengeId: string): Promise<void> {
  await tx.query(`update payment_challenges set resume = '{}'::jsonb where challenge_id = $1`, [challengeId]);
}

/** The order's payment is decided elsewhere (webhook, sweep): its challenge's card reference is not kept. */
export async function forgetChallengesOfOrder(tx: Db, orderId: string): Promise<void> {
  await tx.query(`update payment_challenges set resume = '{}'::jsonb where order_id = $1 and resume <> '{}'::jsonb`, [
    orderId,
  ]);
}

/** The processor's reference of an authorisation that was made again (after 3-D Secure, a new payment id). */
export async function setLedgerRef(tx: Db, idempotencyKey: string, providerRef: string, at: Date): Promise<void> {
  await tx.query('update payment_ledger set provider_ref = $2, updated_at = $3 where idempotency_key = $1', [
    idempotencyKey,
    providerRef,
    at,
  ]);
}
