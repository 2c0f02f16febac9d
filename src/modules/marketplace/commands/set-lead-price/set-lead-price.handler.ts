import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { SetLeadPrice } from './set-lead-price.command.js';

export const leadPricesStream = 'lead-prices';

@CommandHandler(SetLeadPrice)
export class SetLeadPriceHandler implements ICommandHandler<SetLeadPrice, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { source, tier, priceCents }, context }: SetLeadPrice): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ price_cents: number }>('SELECT price_cents FROM lead_prices WHERE source = $1 AND tier = $2 FOR UPDATE', [
        source,
        tier,
      ]);
      await tx.query(
        `INSERT INTO lead_prices (source, tier, price_cents, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (source, tier) DO UPDATE SET price_cents = EXCLUDED.price_cents, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [source, tier, priceCents, context.actor.id],
      );
      await recordInOutbox(tx, leadPricesStream, [
        newEvent('LeadPriceSet', { source, tier, priceCents, previousCents: rows[0]?.price_cents ?? null }, context),
      ]);
    });
    outboxCommitted();
  }
}
