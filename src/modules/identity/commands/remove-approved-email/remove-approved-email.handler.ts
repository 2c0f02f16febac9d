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
import { RemoveApprovedEmail } from './remove-approved-email.command.js';

/** An admin takes an address off the sign-up list; addresses from the configuration are changed there. */
@CommandHandler(RemoveApprovedEmail)
export class RemoveApprovedEmailHandler implements ICommandHandler<RemoveApprovedEmail, void> {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { email }, context }: RemoveApprovedEmail): Promise<void> {
    if (this.config.signUp.approvedEmails.includes(email)) {
      throw new ApiError(409, 'SET_IN_CONFIGURATION', 'This address comes from the APPROVED_EMAILS setting; change it there.');
    }
    await inTransaction(this.pool, async (tx) => {
      const { rowCount } = await tx.query('DELETE FROM approved_emails WHERE email = $1', [email]);
      if (!rowCount) throw new ApiError(404, 'NOT_APPROVED', 'This address is not on the list.');
      await recordInOutbox(tx, APPROVED_EMAILS_STREAM, [newEvent('ApprovedEmailRemoved', { email }, context)]);
    });
    outboxCommitted();
  }
}
