import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { APPROVED_EMAILS_STREAM } from '../../contracts/identity.events.js';
import type { IdentityConfig } from '../../identity.config.js';
import { ApproveEmail } from './approve-email.command.js';

/** An admin approves one more address for sign-up; addresses from the configuration are approved there. */
@CommandHandler(ApproveEmail)
export class ApproveEmailHandler implements ICommandHandler<ApproveEmail, void> {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { email }, context }: ApproveEmail): Promise<void> {
    if (this.config.signUp.approvedEmails.includes(email))
      throw new ApiError(409, 'ALREADY_APPROVED', 'This address is already approved in the configuration.');
    await inTransaction(this.pool, async (tx) => {
      const { rowCount } = await tx.query('INSERT INTO approved_emails (email, added_by) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, context.actor.id]);
      if (!rowCount) throw new ApiError(409, 'ALREADY_APPROVED', 'This address is already on the list.');
      await recordInOutbox(tx, APPROVED_EMAILS_STREAM, [newEvent('ApprovedEmailAdded', { email }, context)]);
    });
    outboxCommitted();
  }
}
