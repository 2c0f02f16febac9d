import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { AgeUnsoldLeads } from './age-unsold-leads.command.js';

@CommandHandler(AgeUnsoldLeads)
export class AgeUnsoldLeadsHandler implements ICommandHandler<AgeUnsoldLeads, number> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { afterDays } }: AgeUnsoldLeads): Promise<number> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO aged_inventory (lead_id, tier, state, added_at)
       SELECT lead_id, 'basic', state, now() FROM rm_leads
        WHERE status = 'unsold' AND source = 'data_leads' AND received_at < now() - make_interval(days => $1)
       ON CONFLICT (lead_id) DO NOTHING`,
      [afterDays],
    );
    return rowCount ?? 0;
  }
}
