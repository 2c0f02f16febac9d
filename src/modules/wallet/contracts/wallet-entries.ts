import type pg from 'pg';

import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { explainEntry } from '../queries/wallet-read.js';
import { walletSnapshots, walletStateOf } from '../services/wallet-state.js';

/**
 * One entry of an agent's wallet history as another module names it: what it was, how much, when.
 * `amountCents` is the change of the available balance; `postedChangeCents` the change of the
 * posted one (a lead paid from a campaign's reserve leaves the available balance as it was).
 */
export type WalletEntrySummary = {
  readonly seq: number;
  /** The ledger event it records (WalletCharged, HoldCaptured, …). */
  readonly type: string;
  readonly description: string;
  readonly amountCents: number;
  readonly postedChangeCents: number;
  readonly occurredAt: string;
};

/** The largest entry number a wallet can hold (the ledger's seq is a PostgreSQL integer). */
export const MAX_WALLET_ENTRY = 2_147_483_647;

/** The agent's own entry `seq`, or null when their history has none (another agent's entry is null too). */
export async function walletEntryOf(db: SqlClient, userId: string, seq: number): Promise<WalletEntrySummary | null> {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq > MAX_WALLET_ENTRY) return null;
  const { rows } = await db.query<{ seq: number; type: string; description: string; amount_cents: number; posted_change_cents: number; occurred_at: Date }>(
    `SELECT seq, type, description, amount_cents::float8 AS amount_cents, posted_change_cents::float8 AS posted_change_cents, occurred_at
       FROM rm_wallet_ledger WHERE user_id = $1 AND seq = $2`,
    [userId, seq],
  );
  const row = rows[0];
  return row
    ? {
        seq: row.seq,
        type: row.type,
        description: row.description,
        amountCents: row.amount_cents,
        postedChangeCents: row.posted_change_cents,
        occurredAt: row.occurred_at.toISOString(),
      }
    : null;
}

/** Entries that took money for something bought or charged; what they took can be refunded from a help request about them. */
const REFUNDABLE_TYPES: ReadonlySet<string> = new Set(['WalletCharged', 'HoldCaptured', 'BalanceAdjusted']);

/**
 * What a refund from a help request about the entry can give back, all refunds together: what a
 * charge, a lead's price or an admin's debit took from the wallet. Top-ups, transfers, card
 * refunds and disputes have their own ways back (a card refund, the recipient, the dispute), so 0.
 */
export const refundableCents = (entry: Pick<WalletEntrySummary, 'type' | 'postedChangeCents'>): number =>
  REFUNDABLE_TYPES.has(entry.type) && entry.postedChangeCents < 0 ? -entry.postedChangeCents : 0;

/** The entry explained as the wallet page does (balances before and after, the chain checked up to it); 404 when it is not the agent's. */
export const explainWalletEntry = (store: EventStore, db: SqlClient, userId: string, seq: number) => explainEntry(store, db, userId, seq);

export type ExplainedWalletEntry = Awaited<ReturnType<typeof explainWalletEntry>>;

/** What refunds from help requests have given back of the entry so far, from the wallet's own state (not a read model). */
export async function entryRefundedCents(store: EventStore, pool: pg.Pool, userId: string, seq: number): Promise<number> {
  return (await walletStateOf(store, walletSnapshots(pool), userId)).entryRefunds?.[seq] ?? 0;
}
