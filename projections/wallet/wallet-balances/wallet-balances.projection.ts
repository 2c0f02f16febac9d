import { WALLET_EVENT_TYPES, type WalletEvent } from '../../../src/modules/wallet/contracts/wallet-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { debtChangeOf, postedChangeOf, WALLET_TOPIC, walletEventOf } from '../wallet-event-effects.js';

/** Deposits, contributions and test credit: the running sums the top bar and finance show. */
function sumsOf(event: WalletEvent): { deposited: number; contributed: number; testCredit: number } {
  return {
    deposited: event.type === 'FundsDeposited' ? event.data.amountCents : 0,
    // Charges for leads, less the price of each lead whose return was approved.
    contributed:
      event.type === 'WalletCharged' || event.type === 'HoldCaptured'
        ? event.data.amountCents
        : event.type === 'LeadReturnCredited'
          ? -event.data.amountCents
          : 0,
    testCredit: event.type === 'TestCreditAdded' ? event.data.amountCents : 0,
  };
}

async function applyToHolds(event: WalletEvent, occurredAt: string, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'HoldPlaced':
      await tx.query(
        `INSERT INTO rm_wallet_holds (hold_id, user_id, cause_kind, cause_id, amount_cents, status, expires_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'open', $6, $7) ON CONFLICT (hold_id) DO NOTHING`,
        [event.data.holdId, event.data.userId, event.data.cause.kind, event.data.cause.id, event.data.amountCents, event.data.expiresAt, occurredAt],
      );
      return;
    case 'HoldIncreased':
      await tx.query(`UPDATE rm_wallet_holds SET amount_cents = amount_cents + $2, updated_at = $3 WHERE hold_id = $1`, [
        event.data.holdId,
        event.data.amountCents,
        occurredAt,
      ]);
      return;
    case 'HoldCaptured':
      await tx.query(`UPDATE rm_wallet_holds SET captured_cents = captured_cents + $2, updated_at = $3 WHERE hold_id = $1`, [
        event.data.holdId,
        event.data.amountCents,
        occurredAt,
      ]);
      return;
    case 'HoldReleased':
      await tx.query(
        `UPDATE rm_wallet_holds SET released_cents = released_cents + $2, status = CASE WHEN $3::boolean THEN 'closed' ELSE status END, updated_at = $4 WHERE hold_id = $1`,
        [event.data.holdId, event.data.amountCents, event.data.closed, occurredAt],
      );
      return;
    case 'HoldExpired':
      await tx.query(`UPDATE rm_wallet_holds SET released_cents = released_cents + $2, status = 'expired', updated_at = $3 WHERE hold_id = $1`, [
        event.data.holdId,
        event.data.amountCents,
        occurredAt,
      ]);
      return;
    default:
      return;
  }
}

/**
 * Each agent's figures: posted (from the events' postings), held (what is left on open holds),
 * available = posted - held (the top bar's Balance), deposited (card top-ups), contributed
 * (charges and captures for leads), debt and test credit; and the open holds they come from.
 */
export const walletBalancesProjection: Projection = {
  name: 'wallet-balances',
  eventTypes: WALLET_EVENT_TYPES,

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_wallet_balances, rm_wallet_holds');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = walletEventOf(recorded);
      if (!event) continue;
      const userId = event.data.userId;
      const occurredAt = recorded.metadata.occurredAt;
      await applyToHolds(event, occurredAt, tx);
      const sums = sumsOf(event);
      await tx.query(
        `INSERT INTO rm_wallet_balances AS b (user_id, posted_cents, deposited_cents, contributed_cents, debt_cents, test_credit_cents, held_cents, available_cents, updated_at)
         SELECT $1, $2, $3, $4, $5, $6, h.held, $2 - h.held, $7
           FROM (SELECT coalesce(sum(amount_cents - captured_cents - released_cents), 0)::bigint AS held
                   FROM rm_wallet_holds WHERE user_id = $1 AND status = 'open') h
         ON CONFLICT (user_id) DO UPDATE SET
           posted_cents = b.posted_cents + EXCLUDED.posted_cents,
           deposited_cents = b.deposited_cents + EXCLUDED.deposited_cents,
           contributed_cents = b.contributed_cents + EXCLUDED.contributed_cents,
           debt_cents = b.debt_cents + EXCLUDED.debt_cents,
           test_credit_cents = b.test_credit_cents + EXCLUDED.test_credit_cents,
           held_cents = EXCLUDED.held_cents,
           available_cents = b.posted_cents + EXCLUDED.posted_cents - EXCLUDED.held_cents,
           updated_at = EXCLUDED.updated_at`,
        [userId, postedChangeOf(event), sums.deposited, sums.contributed, debtChangeOf(event), sums.testCredit, occurredAt],
      );
      changes.push({ userId, topic: WALLET_TOPIC });
    }
    return changes;
  },
};
