import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { explainEntry } from '../queries/wallet-read.js';

/**
 * One entry of an agent's wallet history as another module names it: what it was, how much, when.
 * `amountCents` is the change of the available balance; `postedChangeCents` the change of the
 * posted one (a lead paid from a campaign's reserve leaves the available balance as it was).
 */
export type WalletEntrySummary = {
  readonly seq: number;
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
  const { rows } = await db.query<{ seq: number; description: string; amount_cents: number; posted_change_cents: number; occurred_at: Date }>(
    `SELECT seq, description, amount_cents::float8 AS amount_cents, posted_change_cents::float8 AS posted_change_cents, occurred_at
       FROM rm_wallet_ledger WHERE user_id = $1 AND seq = $2`,
    [userId, seq],
  );
  const row = rows[0];
  return row
    ? {
        seq: row.seq,
        description: row.description,
        amountCents: row.amount_cents,
        postedChangeCents: row.posted_change_cents,
        occurredAt: row.occurred_at.toISOString(),
      }
    : null;
}

/** The entry explained as the wallet page does (balances before and after, the chain checked up to it); 404 when it is not the agent's. */
export const explainWalletEntry = (store: EventStore, db: SqlClient, userId: string, seq: number) => explainEntry(store, db, userId, seq);

export type ExplainedWalletEntry = Awaited<ReturnType<typeof explainWalletEntry>>;
