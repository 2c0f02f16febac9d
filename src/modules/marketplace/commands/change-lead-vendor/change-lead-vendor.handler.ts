import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadVendorStream } from '../../contracts/lead-events.js';
import { ChangeLeadVendor, type ChangedLeadVendor } from './change-lead-vendor.command.js';

@CommandHandler(ChangeLeadVendor)
export class ChangeLeadVendorHandler implements ICommandHandler<ChangeLeadVendor, ChangedLeadVendor> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { vendorId, sendsAgedLeads }, context }: ChangeLeadVendor): Promise<ChangedLeadVendor> {
    const changed = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ sends_aged_leads: boolean }>('SELECT sends_aged_leads FROM lead_vendors WHERE vendor_id = $1 FOR UPDATE', [vendorId]);
      if (!rows[0]) throw new DomainError('LEAD_VENDOR_NOT_FOUND', 'No such lead vendor.', 404);
      if (rows[0].sends_aged_leads === sendsAgedLeads) return false;
      await tx.query('UPDATE lead_vendors SET sends_aged_leads = $2 WHERE vendor_id = $1', [vendorId, sendsAgedLeads]);
      await recordInOutbox(tx, leadVendorStream(vendorId), [newEvent('LeadVendorChanged', { vendorId, sendsAgedLeads }, context)]);
      return true;
    });
    if (changed) outboxCommitted();
    return { vendorId, sendsAgedLeads };
  }
}
