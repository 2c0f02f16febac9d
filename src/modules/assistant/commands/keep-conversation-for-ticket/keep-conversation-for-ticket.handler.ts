import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { KeepConversationForTicket } from './keep-conversation-for-ticket.command.js';

/** Marks the user's conversation as the transcript of their help request; a second run changes nothing. */
@CommandHandler(KeepConversationForTicket)
export class KeepConversationForTicketHandler implements ICommandHandler<KeepConversationForTicket, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input }: KeepConversationForTicket): Promise<void> {
    await this.pool.query(`UPDATE assistant_conversations SET kept_for_ticket = $3 WHERE conversation_id = $1 AND user_id = $2 AND kept_for_ticket IS NULL`, [
      input.conversationId,
      input.userId,
      input.ticketId,
    ]);
  }
}
