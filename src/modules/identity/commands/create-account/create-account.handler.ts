import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { AccountCreated, InvitationEmailRequested } from '../../contracts/identity.events.js';
import { changeAccount } from '../../services/account-changes.js';
import { insertAccount } from '../../services/insert-account.js';
import { CreateAccount } from './create-account.command.js';

const ALREADY_EXISTS = 'An account with this email already exists.';

/** An admin makes an account (how the first SAT leaders get one); its owner is mailed a link to set the password. */
@CommandHandler(CreateAccount)
export class CreateAccountHandler implements ICommandHandler<CreateAccount, { userId: string }> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: account, context }: CreateAccount): Promise<{ userId: string }> {
    const userId = await inTransaction(this.pool, (tx) =>
      insertAccount(tx, account, (id) => [
        newEvent<AccountCreated['type'], AccountCreated['data']>('AccountCreated', { userId: id, email: account.email }, context),
        newEvent<InvitationEmailRequested['type'], InvitationEmailRequested['data']>('InvitationEmailRequested', { userId: id, email: account.email }, context),
      ]),
    );
    if (!userId) throw new ApiError(409, 'USER_ALREADY_EXISTS', ALREADY_EXISTS, [{ field: 'email', message: ALREADY_EXISTS }]);
    outboxCommitted();
    if (account.satLeader) await changeAccount(this.pool, userId, { satLeader: true }, context);
    return { userId };
  }
}
