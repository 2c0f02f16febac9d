import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { FileStorage } from '../../../../platform/files/file-storage.port.js';
import { EVENT_STORE, FILE_STORAGE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider, type TicketEvent } from '../../domain/ticket.decider.js';
import { DeleteTicket } from './delete-ticket.command.js';

/** Deletes the agent's To Do ticket, then its files; a file that cannot be removed is only logged (spec section 8). */
@CommandHandler(DeleteTicket)
export class DeleteTicketHandler implements ICommandHandler<DeleteTicket, void> {
  private readonly logger = new Logger('support');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  async execute({ input, context }: DeleteTicket): Promise<void> {
    const { stored } = await handleCommand({
      store: this.store,
      streamId: ticketStream(input.ticketId),
      decider: ticketDecider,
      command: { type: 'DeleteTicket', userId: context.actor.id },
      context,
    });
    const deleted = stored.find((event) => event.type === 'TicketDeleted')?.data as Extract<TicketEvent, { type: 'TicketDeleted' }>['data'] | undefined;
    for (const file of deleted?.files ?? []) {
      await this.files
        .delete(file.key)
        .catch((error: unknown) => this.logger.warn({ err: error, ticketId: input.ticketId }, 'could not remove a deleted ticket’s file'));
    }
  }
}
