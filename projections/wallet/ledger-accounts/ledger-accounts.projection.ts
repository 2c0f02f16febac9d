import { postingsOf, WALLET_EVENT_TYPES } from '../../../src/modules/wallet/contracts/wallet-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { WALLET_TOPIC, walletEventOf } from '../wallet-event-effects.js';

/**
 * The balance of every account of the ledger (agents, their debts, and the system accounts),
 * from every posting of every wallet event: each posting takes its amount from one account and
 * gives it to another, so the sum over all rows is always 0.
 */
export const ledgerAccountsProjection: Projection = {
  name: 'ledger-accounts',
  eventTypes: WALLET_EVENT_TYPES,

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_ledger_accounts');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = walletEventOf(recorded);
      if (!event) continue;
      const deltas = new Map<string, number>();
      for (const posting of postingsOf(event)) {
        deltas.set(posting.from, (deltas.get(posting.from) ?? 0) - posting.amountCents);
        deltas.set(posting.to, (deltas.get(posting.to) ?? 0) + posting.amountCents);
      }
      if (deltas.size > 0) {
        await tx.query(
          `INSERT INTO rm_ledger_accounts AS a (account, balance_cents)
           SELECT * FROM unnest($1::text[], $2::bigint[])
           ON CONFLICT (account) DO UPDATE SET balance_cents = a.balance_cents + EXCLUDED.balance_cents`,
          [[...deltas.keys()], [...deltas.values()]],
        );
      }
      changes.push({ userId: event.data.userId, topic: WALLET_TOPIC });
    }
    return changes;
  },
};
