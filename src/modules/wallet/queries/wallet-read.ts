import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { ApiError } from '../../../platform/http/api-error.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { dayRangeIn, startOfDayIn } from '../../../platform/time/org-time.js';
import { userLabels } from '../../identity/contracts/user-directory.js';
import { walletStream, type LedgerEntry } from '../contracts/wallet-events.js';
import { firstChainBreak, type ChainBreak, type ChainLink } from './chain-check.js';

/** The agent's figures for the top bar and the wallet page (all zero for a wallet with no events). */
export type WalletSummary = {
  readonly availableCents: number;
  readonly heldCents: number;
  readonly postedCents: number;
  readonly depositedCents: number;
  readonly contributedCents: number;
  readonly debtCents: number;
  readonly testCreditCents: number;
};

export async function walletSummary(db: SqlClient, userId: string): Promise<WalletSummary> {
  const { rows } = await db.query<WalletSummary>(
    `SELECT available_cents::float8 AS "availableCents", held_cents::float8 AS "heldCents", posted_cents::float8 AS "postedCents",
            deposited_cents::float8 AS "depositedCents", contributed_cents::float8 AS "contributedCents", debt_cents::float8 AS "debtCents",
            test_credit_cents::float8 AS "testCreditCents"
       FROM rm_wallet_balances WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { availableCents: 0, heldCents: 0, postedCents: 0, depositedCents: 0, contributedCents: 0, debtCents: 0, testCreditCents: 0 };
}

export type LedgerRow = {
  readonly seq: number;
  readonly eventId: string;
  readonly type: string;
  /** Signed change of the available balance. */
  readonly amountCents: number;
  readonly postedChangeCents: number;
  readonly heldChangeCents: number;
  readonly postedAfterCents: number;
  readonly heldAfterCents: number;
  readonly availableAfterCents: number;
  readonly holdId: string | null;
  readonly cause: { readonly kind: string; readonly id: string };
  readonly description: string;
  readonly status: 'completed' | 'reserved' | 'released';
  readonly actor: { readonly type: string; readonly id: string; readonly email: string | null; readonly displayName: string | null };
  readonly occurredAt: string;
  readonly prevHash: string;
  readonly hash: string;
  readonly isTestCredit: boolean;
};

type DbLedgerRow = {
  seq: number;
  event_id: string;
  type: string;
  amount_cents: number;
  posted_change_cents: number;
  held_change_cents: number;
  posted_after_cents: number;
  held_after_cents: number;
  available_after_cents: number;
  hold_id: string | null;
  cause_kind: string;
  cause_id: string;
  description: string;
  actor_type: string;
  actor_id: string;
  occurred_at: Date;
  prev_hash: string;
  hash: string;
  is_test_credit: boolean;
};

const LEDGER_COLUMNS = `seq, event_id::text, type, amount_cents::float8, posted_change_cents::float8, held_change_cents::float8,
  posted_after_cents::float8, held_after_cents::float8, available_after_cents::float8, hold_id, cause_kind, cause_id,
  description, actor_type, actor_id, occurred_at, prev_hash, hash, is_test_credit`;

/** A hold's placing reserves money, its release or expiry returns it; everything else completed. */
function statusOf(type: string): LedgerRow['status'] {
  if (type === 'HoldPlaced' || type === 'HoldIncreased') return 'reserved';
  if (type === 'HoldReleased' || type === 'HoldExpired') return 'released';
  return 'completed';
}

async function toLedgerRows(db: SqlClient, rows: readonly DbLedgerRow[]): Promise<LedgerRow[]> {
  const users = await userLabels(
    db,
    rows.map((r) => (r.actor_type === 'user' ? r.actor_id : null)),
  );
  return rows.map((r) => {
    const user = r.actor_type === 'user' ? users.get(r.actor_id) : undefined;
    return {
      seq: r.seq,
      eventId: r.event_id,
      type: r.type,
      amountCents: r.amount_cents,
      postedChangeCents: r.posted_change_cents,
      heldChangeCents: r.held_change_cents,
      postedAfterCents: r.posted_after_cents,
      heldAfterCents: r.held_after_cents,
      availableAfterCents: r.available_after_cents,
      holdId: r.hold_id,
      cause: { kind: r.cause_kind, id: r.cause_id },
      description: r.description,
      status: statusOf(r.type),
      actor: { type: r.actor_type, id: r.actor_id, email: user?.email ?? null, displayName: user?.displayName ?? null },
      occurredAt: r.occurred_at.toISOString(),
      prevHash: r.prev_hash,
      hash: r.hash,
      isTestCredit: r.is_test_credit,
    };
  });
}

/** A page of the agent's ledger, newest first, before `before` (a seq); `nextBefore` reads the next page, null at the start. */
export async function ledgerPage(db: SqlClient, userId: string, limit: number, before?: number): Promise<{ entries: LedgerRow[]; nextBefore: number | null }> {
  const { rows } = await db.query<DbLedgerRow>(
    `SELECT ${LEDGER_COLUMNS} FROM rm_wallet_ledger WHERE user_id = $1 AND ($2::integer IS NULL OR seq < $2) ORDER BY seq DESC LIMIT $3`,
    [userId, before ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  return { entries: await toLedgerRows(db, page), nextBefore: rows.length > limit ? page[page.length - 1]!.seq : null };
}

/** The whole ledger of an agent in order (finance's view), at most `max` newest entries. */
export async function fullLedger(db: SqlClient, userId: string, max: number): Promise<{ entries: LedgerRow[]; truncated: boolean }> {
  const page = await ledgerPage(db, userId, max);
  return { entries: page.entries, truncated: page.nextBefore !== null };
}

/** A card top-up as finance refunds it: what was paid, each refund made so far, and what can still be refunded. */
export type CardTopUp = {
  readonly paymentId: string;
  readonly amountCents: number;
  readonly occurredAt: string;
  readonly refunds: readonly { readonly refundId: string; readonly amountCents: number; readonly occurredAt: string }[];
  /** Taken back by disputes still open or lost (a won dispute gives it back). */
  readonly disputedCents: number;
  /** The decider's rule: the payment less everything refunded or disputed. */
  readonly refundableCents: number;
};

/** The agent's card top-ups, newest first, each with its refunds (partial ones included) and what is left to refund. */
export async function cardTopUps(db: SqlClient, userId: string): Promise<CardTopUp[]> {
  const { rows } = await db.query<{
    payment_id: string;
    amount: number;
    occurred_at: Date;
    refunds: { refundId: string; amountCents: number; occurredAt: string }[];
    disputed: number;
  }>(
    `SELECT d.data->>'paymentId' AS payment_id, (d.data->>'amountCents')::float8 AS amount, d.occurred_at,
            coalesce((SELECT json_agg(json_build_object('refundId', r.data->>'refundId', 'amountCents', (r.data->>'amountCents')::bigint, 'occurredAt', r.occurred_at) ORDER BY r.seq)
                        FROM rm_wallet_ledger r WHERE r.user_id = d.user_id AND r.type = 'PaymentRefunded' AND r.data->>'paymentId' = d.data->>'paymentId'), '[]'::json) AS refunds,
            coalesce((SELECT sum(CASE WHEN x.type = 'DisputeWon' THEN -1 ELSE 1 END * (x.data->>'amountCents')::bigint)
                        FROM rm_wallet_ledger x WHERE x.user_id = d.user_id AND x.type IN ('DisputeOpened', 'DisputeWon') AND x.data->>'paymentId' = d.data->>'paymentId'), 0)::float8 AS disputed
       FROM rm_wallet_ledger d WHERE d.user_id = $1 AND d.type = 'FundsDeposited' ORDER BY d.seq DESC`,
    [userId],
  );
  return rows.map((row) => {
    const refunds = row.refunds.map((refund) => ({
      refundId: refund.refundId,
      amountCents: Number(refund.amountCents),
      occurredAt: new Date(refund.occurredAt).toISOString(),
    }));
    const refunded = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
    return {
      paymentId: row.payment_id,
      amountCents: row.amount,
      occurredAt: row.occurred_at.toISOString(),
      refunds,
      disputedCents: row.disputed,
      refundableCents: Math.max(0, row.amount - refunded - row.disputed),
    };
  });
}

export type ChainCheck = {
  /** True when every link from the first up to `throughSeq` holds, recomputed from the stored events. */
  readonly verified: boolean;
  readonly throughSeq: number;
  readonly checkedEntries: number;
  readonly firstBreak: (ChainBreak & { readonly message: string }) | null;
};

const BREAK_MESSAGES: Record<ChainBreak['reason'], string> = {
  'seq-gap': 'An entry is missing or out of order before this one.',
  'prev-hash-mismatch': "This entry does not point at the previous entry's hash: something before it was changed.",
  'hash-mismatch': "This entry's contents no longer match its hash: it was changed after it was written.",
};

/**
 * Recomputes the agent's chain from the stored events of `wallet-<userId>` (not from a read
 * model), from the first entry up to `throughSeq` (all of them when absent), and checks that
 * the ledger read model shows the same hashes.
 */
export async function checkChain(store: EventStore, db: SqlClient, userId: string, throughSeq?: number): Promise<ChainCheck> {
  const links: ChainLink[] = [];
  for (const recorded of await store.readStream(walletStream(userId))) {
    const entry = (recorded.data as { entry?: LedgerEntry } | null)?.entry;
    if (!entry) continue;
    if (throughSeq !== undefined && entry.seq > throughSeq) break;
    links.push({ seq: entry.seq, type: recorded.type, data: recorded.data as object, prevHash: entry.prevHash, hash: entry.hash });
  }
  let firstBreak = firstChainBreak(links);
  if (!firstBreak && links.length > 0) {
    const { rows } = await db.query<{ seq: number; hash: string }>(`SELECT seq, hash FROM rm_wallet_ledger WHERE user_id = $1 AND seq <= $2 ORDER BY seq`, [
      userId,
      links[links.length - 1]!.seq,
    ]);
    const shown = new Map(rows.map((r) => [r.seq, r.hash]));
    const differing = links.find((l) => shown.has(l.seq) && shown.get(l.seq) !== l.hash);
    if (differing) firstBreak = { seq: differing.seq, reason: 'hash-mismatch' };
  }
  return {
    verified: firstBreak === null,
    throughSeq: links[links.length - 1]?.seq ?? 0,
    checkedEntries: links.length,
    firstBreak: firstBreak ? { ...firstBreak, message: BREAK_MESSAGES[firstBreak.reason] } : null,
  };
}

/** One entry explained: why, who, when, the balances before and after, and its place in the chain with the chain checked up to it. */
export async function explainEntry(store: EventStore, db: SqlClient, userId: string, seq: number) {
  const { rows } = await db.query<DbLedgerRow>(`SELECT ${LEDGER_COLUMNS} FROM rm_wallet_ledger WHERE user_id = $1 AND seq = $2`, [userId, seq]);
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'No such entry in your wallet history.');
  const [entry] = await toLedgerRows(db, rows);
  const e = entry!;
  return {
    entry: e,
    before: {
      postedCents: e.postedAfterCents - e.postedChangeCents,
      heldCents: e.heldAfterCents - e.heldChangeCents,
      availableCents: e.availableAfterCents - e.amountCents,
    },
    after: { postedCents: e.postedAfterCents, heldCents: e.heldAfterCents, availableCents: e.availableAfterCents },
    chain: await checkChain(store, db, userId, seq),
  };
}

export type TransferRow = {
  readonly transferId: string;
  readonly type: 'sent' | 'received';
  readonly amountCents: number;
  readonly counterpartyUserId: string;
  readonly counterpartyEmail: string;
  readonly description: string;
  readonly created_at: string;
};

/** The agent's transfers, newest first: as one list with a type, and split into sent and received (get-transfer-history). */
export async function transferHistory(db: SqlClient, userId: string, max = 500) {
  const { rows } = await db.query<{
    transfer_id: string;
    direction: 'sent' | 'received';
    amount: number;
    counterparty_user_id: string;
    counterparty_email: string;
    description: string;
    occurred_at: Date;
  }>(
    `SELECT transfer_id, direction, amount_cents::float8 AS amount, counterparty_user_id::text, counterparty_email, description, occurred_at
       FROM rm_wallet_transfers WHERE user_id = $1 ORDER BY occurred_at DESC, transfer_id LIMIT $2`,
    [userId, max],
  );
  const transfers: TransferRow[] = rows.map((r) => ({
    transferId: r.transfer_id,
    type: r.direction,
    amountCents: r.amount,
    counterpartyUserId: r.counterparty_user_id,
    counterpartyEmail: r.counterparty_email,
    description: r.description,
    created_at: r.occurred_at.toISOString(),
  }));
  return { transfers, sent: transfers.filter((t) => t.type === 'sent'), received: transfers.filter((t) => t.type === 'received') };
}

/** The ledger entries of an agent between two days (both included) of `zone`, oldest first. */
export async function statementEntries(db: SqlClient, userId: string, from: string, to: string, zone: string): Promise<LedgerRow[]> {
  const start = startOfDayIn(from, zone);
  const end = dayRangeIn(to, zone).end;
  const { rows } = await db.query<DbLedgerRow>(
    `SELECT ${LEDGER_COLUMNS} FROM rm_wallet_ledger WHERE user_id = $1 AND occurred_at >= $2 AND occurred_at < $3 ORDER BY seq`,
    [userId, start, end],
  );
  return toLedgerRows(db, rows);
}
