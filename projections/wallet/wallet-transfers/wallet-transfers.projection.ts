import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';
import { WALLET_TOPIC, walletEventOf } from '../wallet-event-effects.js';

/** Each agent's transfers, sent and received, with the other agent and the note (get-transfer-history). */
export const walletTransfersProjection: Projection = {
  name: 'wallet-transfers',
  eventTypes: ['TransferSent', 'TransferReceived'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_wallet_transfers');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = walletEventOf(recorded);
      if (!event || (event.type !== 'TransferSent' && event.type !== 'TransferReceived')) continue;
      const [direction, counterpartyId, counterpartyEmail] =
        event.type === 'TransferSent'
          ? (['sent', event.data.recipientUserId, event.data.recipientEmail] as const)
          : (['received', event.data.senderUserId, event.data.senderEmail] as const);
      await tx.query(
        `INSERT INTO rm_wallet_transfers (transfer_id, direction, user_id, counterparty_user_id, counterparty_email, amount_cents, description, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [
          event.data.transferId,
          direction,
          event.data.userId,
          counterpartyId,
          counterpartyEmail,
          event.data.amountCents,
          event.data.description,
          recorded.metadata.occurredAt,
        ],
      );
      changes.push({ userId: event.data.userId, topic: WALLET_TOPIC });
    }
    return changes;
  },
};
