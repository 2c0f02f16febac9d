import { WALLET_EVENT_TYPES, type LedgerEntry, type WalletEvent } from '../../../src/modules/wallet/contracts/wallet-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { AUTO_RECHARGE_TOPIC, causeOf, descriptionOf, holdIdOf, postedChangeOf, WALLET_TOPIC, walletEventOf } from '../wallet-event-effects.js';

/** How the event moves the agent's held amount, given what was left on its hold before it. */
function heldChangeOf(event: WalletEvent, leftOnHold: number): number {
  switch (event.type) {
    case 'HoldPlaced':
    case 'HoldIncreased':
      return event.data.amountCents;
    case 'HoldCaptured':
      return -event.data.amountCents;
    case 'HoldReleased':
      return event.data.closed ? -leftOnHold : -event.data.amountCents;
    case 'HoldExpired':
      return -leftOnHold;
    default:
      return 0;
  }
}

type Before = { posted: number; held: number };

async function balancesBefore(userId: string, tx: SqlClient): Promise<Before> {
  const { rows } = await tx.query<{ posted: number; held: number }>(
    `SELECT posted_after_cents::float8 AS posted, held_after_cents::float8 AS held FROM rm_wallet_ledger WHERE user_id = $1 ORDER BY seq DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ?? { posted: 0, held: 0 };
}

async function holdState(userId: string, holdId: string, tx: SqlClient): Promise<{ left: number; causeKind: string | null; causeId: string | null }> {
  const { rows } = await tx.query<{ left: number; cause_kind: string | null; cause_id: string | null }>(
    `SELECT coalesce(sum(held_change_cents), 0)::float8 AS left,
            (array_agg(cause_kind ORDER BY seq))[1] AS cause_kind, (array_agg(cause_id ORDER BY seq))[1] AS cause_id
       FROM rm_wallet_ledger WHERE user_id = $1 AND hold_id = $2`,
    [userId, holdId],
  );
  return { left: rows[0]?.left ?? 0, causeKind: rows[0]?.cause_kind ?? null, causeId: rows[0]?.cause_id ?? null };
}

/**
 * Each agent's ledger: one row per wallet event that has a place in the wallet's hash chain
 * (money moved or reserved), with its signed effect on the available balance, the balances
 * after it, why (cause), who (actor), a readable description, and its prevHash/hash.
 * Pages are read by seq (keyset). A hold's later events carry the hold's cause.
 */
export const walletLedgerProjection: Projection = {
  name: 'wallet-ledger',
  eventTypes: WALLET_EVENT_TYPES,

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_wallet_ledger');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = walletEventOf(recorded);
      if (!event) continue;
      const userId = event.data.userId;
      changes.push({ userId, topic: WALLET_TOPIC });
      // The agent's open tabs say so when their saved card was charged without them.
      if (event.type === 'FundsDeposited' && event.data.autoRecharge) changes.push({ userId, topic: AUTO_RECHARGE_TOPIC });
      const entry = (event.data as { entry?: LedgerEntry }).entry;
      if (!entry) continue;
      const before = await balancesBefore(userId, tx);
      const holdId = holdIdOf(event);
      const hold = holdId ? await holdState(userId, holdId, tx) : null;
      const postedChange = postedChangeOf(event);
      const heldChange = heldChangeOf(event, hold?.left ?? 0);
      const cause = causeOf(event) ?? { kind: hold?.causeKind ?? 'campaign', id: hold?.causeId ?? holdId ?? '' };
      const posted = before.posted + postedChange;
      const held = before.held + heldChange;
      await tx.query(
        `INSERT INTO rm_wallet_ledger (user_id, seq, event_id, type, amount_cents, posted_change_cents, held_change_cents,
                                       posted_after_cents, held_after_cents, available_after_cents, hold_id, cause_kind, cause_id,
                                       description, actor_type, actor_id, occurred_at, prev_hash, hash, is_test_credit, data)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
         ON CONFLICT DO NOTHING`,
        [
          userId,
          entry.seq,
          recorded.metadata.eventId,
          event.type,
          postedChange - heldChange,
          postedChange,
          heldChange,
          posted,
          held,
          posted - held,
          holdId,
          cause.kind,
          cause.id,
          descriptionOf(event),
          recorded.metadata.actor.type,
          recorded.metadata.actor.id,
          recorded.metadata.occurredAt,
          entry.prevHash,
          entry.hash,
          event.type === 'TestCreditAdded',
          JSON.stringify(event.data),
        ],
      );
    }
    return changes;
  },
};
