import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { ReleaseConversationFromTicket } from './release-conversation-from-ticket.command.js';

@CommandHandler(ReleaseConversationFromTicket)
export class ReleaseConversationFromTicketHandler implements ICommandHandler<ReleaseConversationFromTicket, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input }: ReleaseConversationFromTicket): Promise<void> {
    await this.pool.query(`UPDATE assistant_conversations SET kept_for_ticket = NULL WHERE kept_for_ticket = $1`, [input.ticketId]);
  }
}
