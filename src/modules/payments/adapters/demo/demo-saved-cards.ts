import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { SavedCard } from '../../contracts/card-payments.port.js';
import type { CardBehaviour } from './demo-cards.js';
import { newDemoId, type PendingCard } from './demo-pay-records.js';

type CardRow = {
  id: string;
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: CardBehaviour;
  is_default: boolean;
};

/** The cards agents saved with the demo provider (demo_pay_cards), one default per agent. */
export class DemoSavedCards {
  constructor(private readonly pool: pg.Pool) {}

  async list(userId: string): Promise<readonly SavedCard[]> {
    const { rows } = await this.pool.query<CardRow>(
      `SELECT * FROM demo_pay_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at DESC`,
      [userId],
    );
    return rows.map((row) => ({ id: row.id, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, isDefault: row.is_default }));
  }

  /** One of the agent's own cards, or 404 (another agent's card is no different from none). */
  async ownedBy(userId: string, cardId: string): Promise<CardRow> {
    const { rows } = await this.pool.query<CardRow>(`SELECT * FROM demo_pay_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`, [cardId, userId]);
    if (!rows[0]) throw new DomainError('PAYMENT_METHOD_NOT_FOUND', 'No such payment method.', 404);
    return rows[0];
  }

  async setDefault(userId: string, cardId: string): Promise<void> {
    await this.ownedBy(userId, cardId);
    await inTransaction(this.pool, async (client) => {
      // The agent's cards are changed one request at a time: two defaults set at once end with one.
      await client.query(`SELECT id FROM demo_pay_cards WHERE user_id = $1 ORDER BY id FOR UPDATE`, [userId]);
      await client.query(`UPDATE demo_pay_cards SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2`, [userId, cardId]);
      await client.query(`UPDATE demo_pay_cards SET is_default = true WHERE user_id = $1 AND id = $2 AND deleted_at IS NULL`, [userId, cardId]);
    });
  }

  async delete(userId: string, cardId: string): Promise<void> {
    await this.ownedBy(userId, cardId);
    await inTransaction(this.pool, async (client) => {
      await client.query(`SELECT id FROM demo_pay_cards WHERE user_id = $1 ORDER BY id FOR UPDATE`, [userId]);
      await client.query(`UPDATE demo_pay_cards SET deleted_at = now(), is_default = false WHERE user_id = $1 AND id = $2 AND deleted_at IS NULL`, [
        userId,
        cardId,
      ]);
      // Stripe keeps a default when one remains: the newest card left takes the place.
      await client.query(
        `UPDATE demo_pay_cards SET is_default = true
          WHERE id = (SELECT id FROM demo_pay_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1)
            AND NOT EXISTS (SELECT 1 FROM demo_pay_cards WHERE user_id = $1 AND deleted_at IS NULL AND is_default)`,
        [userId],
      );
    });
  }

  /** The agent's first card becomes the default; two first cards saved at once: the second is not (the unique index decides). */
  async save(userId: string, card: PendingCard): Promise<string> {
    const id = newDemoId('pm');
    const insert = (asDefault: boolean) =>
      this.pool.query(
        `INSERT INTO demo_pay_cards (id, user_id, brand, last4, exp_month, exp_year, behaviour, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8 AND NOT EXISTS (SELECT 1 FROM demo_pay_cards WHERE user_id = $2 AND is_default AND deleted_at IS NULL))`,
        [id, userId, card.brand, card.last4, card.expMonth, card.expYear, card.behaviour, asDefault],
      );
    try {
      await insert(true);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await insert(false);
    }
    return id;
  }
}
