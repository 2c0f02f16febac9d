import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import { SaveAdminNotes } from './save-admin-notes.command.js';

@CommandHandler(SaveAdminNotes)
export class SaveAdminNotesHandler implements ICommandHandler<SaveAdminNotes, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context }: SaveAdminNotes): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: ticketStream(input.ticketId),
      decider: ticketDecider,
      command: { type: 'SaveAdminNotes', adminId: context.actor.id, adminNotes: input.adminNotes, previousNotes: input.previousNotes },
      context,
    });
  }
}
