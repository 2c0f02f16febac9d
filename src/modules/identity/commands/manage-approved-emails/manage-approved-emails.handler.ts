import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { AppConfig } from '../../../../platform/config/config.js';
import { newEvent, type CommandContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { APPROVED_EMAILS_STREAM } from '../../contracts/identity.events.js';

export class ManageApprovedEmail extends Command<void> {
  constructor(
    readonly action: 'add' | 'remove',
    readonly email: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** An admin approves one more address for sign-up, or takes one off the list; addresses from the configuration are changed there. */
@CommandHandler(ManageApprovedEmail)
export class ManageApprovedEmailHandler implements ICommandHandler<ManageApprovedEmail, void> {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ action, email, context }: ManageApprovedEmail): Promise<void> {
    if (this.config.signUp.approvedEmails.includes(email)) {
      throw action === 'add'
        ? new ApiError(409, 'ALREADY_APPROVED', 'This address is already approved in the configuration.')
        : new ApiError(409, 'SET_IN_CONFIGURATION', 'This address comes from the APPROVED_EMAILS setting; change it there.');
    }
    await inTransaction(this.pool, async (tx) => {
      if (action === 'add') {
        const { rowCount } = await tx.query('INSERT INTO approved_emails (email, added_by) VALUES ($1, $2) ON CONFLICT DO NOTHING', [email, context.actor.id]);
        if (!rowCount) throw new ApiError(409, 'ALREADY_APPROVED', 'This address is already on the list.');
      } else {
        const { rowCount } = await tx.query('DELETE FROM approved_emails WHERE email = $1', [email]);
        if (!rowCount) throw new ApiError(404, 'NOT_APPROVED', 'This address is not on the list.');
      }
      await recordInOutbox(tx, APPROVED_EMAILS_STREAM, [newEvent(action === 'add' ? 'ApprovedEmailAdded' : 'ApprovedEmailRemoved', { email }, context)]);
    });
    outboxCommitted();
  }
}
