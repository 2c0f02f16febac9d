import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadVendorStream } from '../../contracts/lead-events.js';
import { RevokeLeadVendor } from './revoke-lead-vendor.command.js';

@CommandHandler(RevokeLeadVendor)
export class RevokeLeadVendorHandler implements ICommandHandler<RevokeLeadVendor, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { vendorId }, context }: RevokeLeadVendor): Promise<void> {
    const revoked = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query('SELECT revoked_at FROM lead_vendors WHERE vendor_id = $1 FOR UPDATE', [vendorId]);
      if (!rows[0]) throw new DomainError('LEAD_VENDOR_NOT_FOUND', 'No such lead vendor.', 404);
      if (rows[0].revoked_at) return false;
      await tx.query('UPDATE lead_vendors SET revoked_at = now() WHERE vendor_id = $1', [vendorId]);
      await recordInOutbox(tx, leadVendorStream(vendorId), [newEvent('LeadVendorRevoked', { vendorId }, context)]);
      return true;
    });
    if (revoked) outboxCommitted();
  }
}
