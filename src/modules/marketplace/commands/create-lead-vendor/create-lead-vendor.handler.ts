import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadVendorStream } from '../../contracts/lead-events.js';
import { vendorKeyHash } from '../../services/lead-vendors.js';
import { CreateLeadVendor, type CreatedLeadVendor } from './create-lead-vendor.command.js';

@CommandHandler(CreateLeadVendor)
export class CreateLeadVendorHandler implements ICommandHandler<CreateLeadVendor, CreatedLeadVendor> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { name, sendsAgedLeads }, context }: CreateLeadVendor): Promise<CreatedLeadVendor> {
    const vendorId = randomUUID();
    const apiKey = `lv_${randomBytes(24).toString('base64url')}`;
    const keyPrefix = apiKey.slice(0, 11);
    await inTransaction(this.pool, async (tx) => {
      await tx.query('INSERT INTO lead_vendors (vendor_id, name, key_prefix, key_hash, created_by, sends_aged_leads) VALUES ($1, $2, $3, $4, $5, $6)', [
        vendorId,
        name,
        keyPrefix,
        vendorKeyHash(apiKey),
        context.actor.id,
        sendsAgedLeads,
      ]);
      await recordInOutbox(tx, leadVendorStream(vendorId), [newEvent('LeadVendorCreated', { vendorId, name, keyPrefix, sendsAgedLeads }, context)]);
    });
    outboxCommitted();
    return { vendorId, name, keyPrefix, apiKey, sendsAgedLeads };
  }
}
