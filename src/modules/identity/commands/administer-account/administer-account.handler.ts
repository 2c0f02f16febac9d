import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { SessionStore } from '../../../../platform/auth/session-store.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { administerAccount, type AccountChange } from './administer-account.js';

export class AdministerAccount extends Command<void> {
  constructor(
    readonly userId: string,
    readonly change: AccountChange,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** An admin's change to an account (admin role, SAT leader, disabled): see `administerAccount`. */
@CommandHandler(AdministerAccount)
export class AdministerAccountHandler implements ICommandHandler<AdministerAccount, void> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async execute({ userId, change, context }: AdministerAccount): Promise<void> {
    await administerAccount(this.pool, this.sessions, userId, change, context);
  }
}
