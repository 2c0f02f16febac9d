import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { receiveLeadBatch } from './receive-lead-batch.js';
import { ReceiveLeads, type ReceivedLead } from './receive-leads.command.js';

@CommandHandler(ReceiveLeads)
export class ReceiveLeadsHandler implements ICommandHandler<ReceiveLeads, ReceivedLead[]> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  async execute({ input: { vendorId, leads }, context }: ReceiveLeads): Promise<ReceivedLead[]> {
    const received = await receiveLeadBatch(this.pool, { vendorId, leads, duplicateDays: this.config.leads.duplicateDays, context });
    if (received.some((lead) => !lead.repeated)) outboxCommitted();
    return received;
  }
}
