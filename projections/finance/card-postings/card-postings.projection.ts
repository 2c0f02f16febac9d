import type { WalletEvent } from '../../../src/modules/wallet/contracts/wallet-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection } from '../../../src/platform/projections/projection.js';

/**
 * Every movement between an agent's wallet and the card provider, as reconciliation matches
 * it against the provider's records: signed as it changes the money held at the provider
 * (a payment +, a refund −, a dispute −, a dispute won +).
 */
export const cardPostingsProjection: Projection = {
  name: 'card-postings',
  eventTypes: ['FundsDeposited', 'PaymentRefunded', 'DisputeOpened', 'DisputeWon'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_card_postings');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    for (const recorded of events) {
      const event = recorded as unknown as WalletEvent;
      const row = postingOf(event);
      if (!row) continue;
      await tx.query(
        `INSERT INTO rm_card_postings (event_id, kind, reference, payment_id, user_id, amount_cents, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING`,
        [recorded.metadata.eventId, row.kind, row.reference, row.paymentId, event.data.userId, row.amountCents, recorded.metadata.occurredAt],
      );
    }
  },
};

function postingOf(event: WalletEvent): { kind: string; reference: string; paymentId: string; amountCents: number } | null {
  switch (event.type) {
    case 'FundsDeposited':
      return { kind: 'payment', reference: event.data.paymentId, paymentId: event.data.paymentId, amountCents: event.data.amountCents };
    case 'PaymentRefunded':
      return { kind: 'refund', reference: event.data.refundId, paymentId: event.data.paymentId, amountCents: -event.data.amountCents };
    case 'DisputeOpened':
      return { kind: 'dispute', reference: event.data.disputeId, paymentId: event.data.paymentId, amountCents: -event.data.amountCents };
    case 'DisputeWon':
      return { kind: 'dispute_reversal', reference: event.data.disputeId, paymentId: event.data.paymentId, amountCents: event.data.amountCents };
    default:
      return null;
  }
}
